import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../../utils/extension/i18n';
import { SEVERITY_LOOK, SKILL_SOURCE_WORDS, SKILL_STATUS_LOOK, VERDICT_LOOK } from '../../utils/engine/report/look';
import { MISMATCH_CAUSE_WORDS } from '../../utils/engine/report/mismatch-words';
import { checkedAgo, reportShape, skillHost, sortSkills } from '../../components/report-display';
import type { Report } from '../../utils/engine/report/report';
import { SKILL_STATUSES } from '../../utils/engine/spec';
import { MESSAGES, translate as t } from './locale';
import * as reports from './reports';
import { DIGESTS, ORIGIN } from './reports';

describe('checkedAgo', () => {
  const now = new Date('2026-11-03T10:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each([
    [0, 'Checked just now'],
    [59_000, 'Checked just now'],
    [-120_000, 'Checked just now'],
    [60_000, 'Checked 1 minute ago'],
    [3 * 60_000, 'Checked 3 minutes ago'],
    [59 * 60_000, 'Checked 59 minutes ago'],
    [60 * 60_000, 'Checked 1 hour ago'],
    [5 * 3600_000, 'Checked 5 hours ago'],
    [24 * 3600_000, 'Checked 1 day ago'],
    [3 * 24 * 3600_000, 'Checked 3 days ago'],
  ])('%i ms ago → %s', (ms, expected) => {
    expect(checkedAgo(ago(ms), now, t)).toBe(expected);
  });

  it('an unreadable time is said to be unknown', () => {
    expect(checkedAgo('yesterday-ish', now, t)).toBe('Checked at an unknown time');
  });
});

describe("reportShape (the panel's three shapes of the one report state)", () => {
  const withDocs = (docs: [httpStatus: number | null, absent: boolean][]): Report => {
    const report = reports.nothingPublished();
    report.documents = docs.map(([httpStatus, absent]) => ({ ...report.documents[0]!, httpStatus, published: false, absent }));
    return report;
  };
  it.each<[string, Report, string]>([
    ['a poppy.json', reports.northlightOk(), 'published'],
    ['skills without poppy.json', reports.wellKnownOnly(), 'published'],
    [
      '404s',
      withDocs([
        [404, true],
        [404, true],
      ]),
      'nothing',
    ],
    [
      'a soft-404 page (200, not JSON)',
      withDocs([
        [200, true],
        [404, true],
      ]),
      'nothing',
    ],
    [
      'JSON that does not parse',
      withDocs([
        [200, false],
        [404, true],
      ]),
      'unreachable',
    ],
    [
      'no answer',
      withDocs([
        [null, false],
        [null, false],
      ]),
      'unreachable',
    ],
    [
      'a server error',
      withDocs([
        [503, false],
        [404, true],
      ]),
      'unreachable',
    ],
  ])('%s → %s', (_label, report, expected) => {
    expect(reportShape(report)).toBe(expected);
  });
});

describe('sortSkills', () => {
  it('orders by D3 status rank, worst first, keeping index order within a status', () => {
    const skills = ['verified', 'not-checked', 'mismatch', 'unreachable', 'verified', 'invalid'].map((status, i) =>
      reports.skill(`s${i}`, DIGESTS.find, { status: status as (typeof SKILL_STATUSES)[number] }),
    );
    expect(sortSkills(skills).map((s) => s.name)).toEqual(['s2', 's5', 's3', 's1', 's0', 's4']);
  });
});

describe('skillHost', () => {
  it.each([
    [`${ORIGIN}/.well-known/agent-skills/x/SKILL.md`, { sameSite: true, host: 'northlight.poppy.test', origin: ORIGIN }],
    [
      'https://skills-cdn.poppy.test/x/SKILL.md',
      { sameSite: false, host: 'skills-cdn.poppy.test', origin: 'https://skills-cdn.poppy.test' },
    ],
    [
      'https://northlight.poppy.test:8443/x/SKILL.md',
      { sameSite: false, host: 'northlight.poppy.test:8443', origin: 'https://northlight.poppy.test:8443' },
    ],
    ['not a url', { sameSite: false, host: null, origin: null }],
    [null, { sameSite: false, host: null, origin: null }],
  ])('%s', (url, expected) => {
    expect(skillHost(reports.skill('x', DIGESTS.find, { url }), ORIGIN)).toEqual(expected);
  });
});

describe('locale', () => {
  it('every message key the components use exists', () => {
    const fromTables = [
      ...Object.values(SKILL_STATUS_LOOK).map((v) => v.label.key),
      ...Object.values(VERDICT_LOOK).map((v) => v.label.key),
      ...Object.values(SEVERITY_LOOK).map((v) => v.heading.key),
      ...Object.values(MISMATCH_CAUSE_WORDS).map((v) => v.key),
      ...Object.values(SKILL_SOURCE_WORDS).map((v) => v.key),
    ];
    const dir = resolve(process.cwd(), 'components');
    const fromSource = readdirSync(dir)
      .filter((f) => /\.tsx?$/.test(f))
      .flatMap((f) =>
        [...readFileSync(resolve(dir, f), 'utf8').matchAll(/\bt\('([A-Za-z]+)'|: '([a-z][A-Za-z]+)',?$/gm)].map((m) => m[1] ?? m[2]!),
      );
    const used = new Set([...fromTables, ...fromSource]);
    expect(used.size).toBeGreaterThan(80);
    expect([...used].filter((key) => !Object.hasOwn(MESSAGES, key))).toEqual([]);
  });

  it('every placeholder is defined as a positional substitution', () => {
    for (const [key, entry] of Object.entries(MESSAGES)) {
      const names = [...entry.message.matchAll(/\$([A-Za-z0-9_]+)\$/g)].map((m) => m[1]!.toLowerCase());
      expect(Object.keys(entry.placeholders ?? {}).sort(), key).toEqual([...new Set(names)].sort());
      // Exactly one substitution each, with at most a code quote around it (`$1`).
      for (const placeholder of Object.values(entry.placeholders ?? {})) expect(placeholder.content, key).toMatch(/^`?\$[1-9]`?$/);
    }
  });

  it('statuses and verdicts read as symbol and words, never colour alone', () => {
    for (const status of SKILL_STATUSES) {
      expect(SKILL_STATUS_LOOK[status].symbol).toMatch(/^[✓✗⚠⊘—]$/);
      expect(t(SKILL_STATUS_LOOK[status].label.key as MessageKey).length).toBeGreaterThan(3);
    }
  });
});
