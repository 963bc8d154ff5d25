import { didYouMean } from '../utils/engine/text/did-you-mean';
import { USAGE } from './usage';

/** Where a command writes: the process's streams, or a test's. */
export interface Io {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}

/**
 * Bad arguments: say what is wrong (with "did you mean" for a mistyped option), one usage line
 * and where the whole help is, then exit 2 (nothing was checked).
 */
export function usageError(io: Io, message: string, help: string = USAGE): number {
  io.stderr.write(`poppy-inspector: ${unknownOption(message, help) ?? message}\n${briefUsage(help)}\n`);
  return 2;
}

/** node:util's parseArgs says `Unknown option '--stict'. To specify…`: say it short, with the option the help lists that it most likely meant. */
function unknownOption(message: string, help: string): string | null {
  const unknown = /^Unknown option '(--?[^']+)'/.exec(message)?.[1];
  if (unknown === undefined) return null;
  const known = [...new Set(help.match(/--[a-z][a-z-]*/g) ?? [])];
  const meant = didYouMean(unknown, known);
  return `unknown option ${unknown}.${meant === null ? '' : ` Did you mean ${meant}?`}`;
}

/** The help's first usage line, and how to see the rest. */
function briefUsage(help: string): string {
  const first = help.split('\n').find((l) => l.trim().startsWith('poppy-inspector ') || l.startsWith('Usage: ')) ?? '';
  const usage = first.startsWith('Usage: ') ? first : `Usage: ${first.trim()}`;
  const command = /^Usage: poppy-inspector (\w+)/.exec(usage)?.[1];
  return `${usage}\nRun \`poppy-inspector ${command === undefined ? '' : `${command} `}--help\` for every option.`;
}
