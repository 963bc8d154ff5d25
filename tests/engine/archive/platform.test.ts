// The lister must run in the MV3 worker, in Firefox and in Node 20: no Node, DOM or browser API.
// (`npm run typecheck` also compiles src/ against the bare ES2022 library, with no DOM or Node types.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../../utils/engine/archive');
const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));

describe('the archive lister is platform-free', () => {
  it('has sources to check', () => {
    expect(sources).toContain('index.ts');
  });

  it.each(sources)('%s imports only its siblings and fflate', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
    expect(imports.filter((i) => !i.startsWith('./') && i !== 'fflate')).toEqual([]);
  });

  it.each(sources)('%s names no host API (and never writes, fetches or evaluates)', (file) => {
    const text = readFileSync(join(dir, file), 'utf8').replace(/\/\/.*$/gm, '');
    expect(text).not.toMatch(
      /\b(process|require|window|document|globalThis|self|chrome|browser|fetch|eval|Function|Worker|setTimeout|Buffer)\b/,
    );
  });
});
