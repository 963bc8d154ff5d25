#!/usr/bin/env node
// The command line is bundled to dist/cli.mjs by `npm ci` (postinstall) or `npm run build:cli`.
import { main } from '../dist/cli.mjs';

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
