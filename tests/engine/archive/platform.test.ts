// The lister must run in the MV3 worker, in Firefox and in Node 20: no Node, DOM or browser API.
// (The engine's lint layers forbid such imports too; this also keeps the archive folder from
// reaching the rest of the engine beyond the spec registry, the words and formatBytes.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../../utils/engine/archive');
const sources = readdirSync(dir).filter((f) => f.endsWith('.ts'));
const ALLOWED = /^(\.\/[a-z0-9-]+|fflate|\.\.\/spec|\.\.\/report\/(findings|words|report)|\.\.\/net\/fetch-bounded|\.\.\/text\/reveal)$/;

describe('the archive lister is platform-free', () => {
  it('has sources to check', () => {
    expect(sources).toEqual(expect.arrayContaining(['index.ts', 'tar.ts', 'zip.ts', 'gzip.ts', 'codes.ts']));
  });

  it.each(sources)('%s imports only its siblings, fflate, the spec registry and the words', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
    expect(imports.filter((i) => !ALLOWED.test(i))).toEqual([]);
  });

  it.each(sources)('%s names no host API (and never writes, fetches or evaluates)', (file) => {
    const text = readFileSync(join(dir, file), 'utf8')
      .replace(/\/\/.*$/gm, '')
      .replace(/^import .*$/gm, '')
      .replace(/\bdocument:/g, ''); // a finding's field, not the DOM's
    expect(text).not.toMatch(
      /\b(process|require|window|document|globalThis|self|chrome|browser|fetch|eval|Function|Worker|setTimeout|Buffer)\b/,
    );
  });
});
