// Each finding's place in the full-page report's document view: its document by URL, its line
// by JSON path, within a time budget.
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../utils/engine/report/findings';
import { findingPlaces } from '../../utils/extension/finding-lines';
import type { RawDocument } from '../../utils/extension/check-files';

const POPPY = 'https://shop.example/.well-known/poppy.json';
const SKILL = 'https://shop.example/.well-known/agent-skills/a/SKILL.md';
const raw: RawDocument[] = [
  { path: 'poppy.json', urls: [POPPY], text: '{\n  "organization": {\n    "domain": "shop.example"\n  }\n}', cut: false },
  { path: 'a/SKILL.md', urls: [SKILL], text: '---\nname: a\n---\nBody\n', cut: false },
];
const at = (document: string | null, path: string | null): Finding => ({
  severity: 'warning',
  code: 'x',
  document,
  path,
  message: { key: 'x', params: [] },
  hint: { key: 'y', params: [] },
});

describe('findingPlaces', () => {
  it('links a finding to its document and line; one about no shown document gets none', () => {
    const findings = [
      at(POPPY, '$.organization.domain'),
      at(SKILL, '$.name'),
      at(POPPY, null),
      at('https://other.example/x', '$'),
      at(null, null),
    ];
    const places = findingPlaces(findings, raw);
    expect(findings.map((f) => places.get(f) ?? null)).toEqual([
      { doc: 0, line: 3 },
      { doc: 1, line: 2 },
      { doc: 0, line: null },
      null,
      null,
    ]);
  });

  it('past its time budget still links each finding to its document, without looking for lines', () => {
    let clock = 0;
    const findings = [at(POPPY, '$.organization.domain'), at(POPPY, '$.organization')];
    const places = findingPlaces(findings, raw, { budgetMs: 10, now: () => (clock += 6) });
    expect(findings.map((f) => places.get(f))).toEqual([
      { doc: 0, line: 3 },
      { doc: 0, line: null },
    ]);
  });
});
