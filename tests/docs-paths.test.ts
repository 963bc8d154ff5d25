// Every repository path a comment or a document names exists, and every relative link in the
// docs resolves: a reference a newcomer cannot follow is a bug (CONTRIBUTING.md, "How to add a
// check"). Comments cite decisions as D1…D13 or a docs page, never an issue number.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const SOURCE_FOLDERS = ['utils', 'components', 'entrypoints', 'cli', 'bench', 'scripts', 'tests', 'bin'];
const SOURCE = /\.(ts|tsx|mjs|js)$/;
// Data the tests serve or compare, not prose: fixtures and generated screenshots.
const SKIP = [/^tests\/fixtures\/(certs|sarif|stored)\//, /^tests\/\.artifacts\//];
const TOP_FOLDERS = [
  'utils',
  'components',
  'entrypoints',
  'cli',
  'tests',
  'bench',
  'scripts',
  'docs',
  'schemas',
  'examples',
  'bin',
  'public',
];
// A path as prose writes it: a top-level folder of this repository, then path characters.
const PATH = new RegExp(`(?<![\\w./-])((?:${TOP_FOLDERS.join('|')})/[A-Za-z0-9_./-]*[A-Za-z0-9_/])`, 'g');
/**
 * Paths that name a user's files, not ours: a site's `public/` folder in examples of the command
 * line, and folders a test makes in a temporary directory.
 */
const NOT_OURS = [/^public\/\.well-known\//, /^tests\/\.artifacts/];

/** The comments of a source file: `//` to the end of a line, and `/* … *\/` blocks. */
function commentsOf(text: string): string {
  const out: string[] = [];
  for (const m of text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w\\])\/\/[^\n]*/g)) out.push(m[0]);
  return out.join('\n');
}

/** A document without its HTML comments (the README's slots name pages other branches add). */
const prose = (text: string) => text.replace(/<!--[\s\S]*?-->/g, '');

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(relative(root, path).split('\\').join('/'));
  }
  return out;
}

const sourceFiles = SOURCE_FOLDERS.flatMap((f) => walk(resolve(root, f))).filter((f) => SOURCE.test(f) && !SKIP.some((re) => re.test(f)));
const docFiles = [...readdirSync(root).filter((f) => f.endsWith('.md')), ...walk(resolve(root, 'docs')).filter((f) => f.endsWith('.md'))];

/** A named path exists as a file or folder (a glob-free prefix is enough for `x/*.ts`). */
function exists(path: string): boolean {
  return existsSync(resolve(root, path.replace(/\/$/, '')));
}

function missingPaths(file: string, text: string): string[] {
  const missing = new Set<string>();
  for (const m of text.matchAll(PATH)) {
    const path = m[1]!.replace(/[.]+$/, '');
    const after = text[m.index + m[0].length] ?? '';
    if (after === '<' || after === '*' || after === '$' || after === '{' || after === '…') continue; // a pattern, not a path
    if (NOT_OURS.some((re) => re.test(path))) continue;
    if (!exists(path)) missing.add(path);
  }
  return [...missing];
}

describe('references', () => {
  it('every repository path named in a comment or a source file exists', () => {
    const problems = sourceFiles.flatMap((f) =>
      missingPaths(f, commentsOf(readFileSync(resolve(root, f), 'utf8'))).map((p) => `${f}: ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it('every repository path named in a document exists', () => {
    // docs/spec/ condenses other repositories: the paths it names are theirs.
    const ours = docFiles.filter((f) => !f.startsWith('docs/spec/'));
    const problems = ours.flatMap((f) => missingPaths(f, prose(readFileSync(resolve(root, f), 'utf8'))).map((p) => `${f}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('every relative link in the documents resolves', () => {
    const problems: string[] = [];
    for (const file of docFiles) {
      const text = prose(readFileSync(resolve(root, file), 'utf8')).replace(/`[^`\n]*`/g, '');
      for (const m of text.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)|<img src="([^"]+)"/g)) {
        const target = m[1] ?? m[3]!;
        if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
        if (!existsSync(resolve(root, dirname(file), target))) problems.push(`${file}: ${target}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('no comment or document cites an issue number: decisions by D-number, or a docs page', () => {
    const cites = /\bissue \d+|\bissue \d+ §\d+/i;
    const problems = [...sourceFiles, ...docFiles.filter((f) => !f.startsWith('docs/spec/sources/'))].filter((f) =>
      cites.test(readFileSync(resolve(root, f), 'utf8')),
    );
    expect(problems).toEqual([]);
  });

  it('every option of the command line is in docs/cli.md', () => {
    const usage = readFileSync(resolve(root, 'cli/usage.ts'), 'utf8');
    const cliDoc = readFileSync(resolve(root, 'docs/cli.md'), 'utf8');
    const options = [...new Set([...usage.matchAll(/(?<![\w-])--[a-z][a-z-]+/g)].map((m) => m[0]))];
    expect(options.length).toBeGreaterThan(15);
    expect(options.filter((o) => !cliDoc.includes(`\`${o}`))).toEqual([]);
  });
});
