// docs/codes.md is generated from the code tables (scripts/codes-doc.ts); a table that gains or
// changes a code without `npm run docs:codes` fails here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeModules, codesMarkdown, codeRows } from '../scripts/codes-doc';

const root = process.cwd();

describe('docs/codes.md', () => {
  it('is what `npm run docs:codes` writes from the current tables', async () => {
    const committed = readFileSync(resolve(root, 'docs/codes.md'), 'utf8');
    expect(committed, 'docs/codes.md is stale: run `npm run docs:codes`').toBe(await codesMarkdown(root));
  });

  it('finds every code table by itself, each code once, with a message and a fix', async () => {
    const modules = codeModules(root);
    expect(modules).toContain('utils/engine/check/json-document.ts');
    expect(modules).toContain('utils/engine/trust/codes.ts');
    const rows = await codeRows(root);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(150);
    for (const r of rows) {
      expect(r.messages.length, r.code).toBeGreaterThan(0);
      for (const m of r.messages) expect(m, r.code).not.toMatch(/^(finding|hint)_/);
      expect(r.fix, r.code).not.toMatch(/^hint_/);
      expect(['error', 'warning', 'info']).toContain(r.severity);
    }
  });
});
