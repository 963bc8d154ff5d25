// `npm run docs:codes`: rewrites docs/codes.md from the code tables (scripts/codes-doc.ts).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { codesMarkdown } from './codes-doc';

const root = resolve(import.meta.dirname, '..');
writeFileSync(resolve(root, 'docs/codes.md'), await codesMarkdown(root));
console.log('docs/codes.md written');
