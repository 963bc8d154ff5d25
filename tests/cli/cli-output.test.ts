// What the command line prints from site text: nothing a site wrote may start a line of its own,
// move the cursor or disguise itself; and which checks guard against DNS rebinding.
import { describe, expect, it } from 'vitest';
import { formatHuman } from '../../cli/format-human';
import { isPublicTarget } from '../../cli/check';
import { createStyle, safeText } from '../../cli/style';
import type { Report } from '../../utils/engine/report/report';
import { FETCH_WORDS } from '../../utils/engine/net/fetch-words';
import * as reports from '../components/reports';

describe('safeText', () => {
  it.each([
    ['a line feed', 'a\nb', 'a\\u000ab'],
    ['a carriage return', 'a\rb', 'a\\u000db'],
    ['a tab', 'a\tb', 'a\\u0009b'],
    ['NUL', 'a\u0000b', 'a\\u0000b'],
    ['an escape sequence', '\u001b[2J', '\\u001b[2J'],
    ['DEL and C1 controls', '\u007f\u0085\u009b', '\\u007f\\u0085\\u009b'],
    ['the line separator', 'a\u2028b', 'a\\u2028b'],
    ['the paragraph separator', 'a\u2029b', 'a\\u2029b'],
    ['a bidi override', 'txt.\u202Egpj', 'txt.\\u202egpj'],
    ['isolates', '\u2066x\u2069', '\\u2066x\\u2069'],
    ['zero-width characters and a BOM', 'a\u200bb\u200dc\ufeff', 'a\\u200bb\\u200dc\\ufeff'],
  ])('shows %s as an escape', (_label, input, shown) => {
    expect(safeText(input)).toBe(shown);
  });

  it('leaves ordinary text alone, accents and emoji included', () => {
    expect(safeText('Fleurs à domicile · 🌷 "quoted" \\ back')).toBe('Fleurs à domicile · 🌷 "quoted" \\ back');
  });
});

describe('formatHuman on hostile text', () => {
  const fake = 'Verdict: OK — 0 error(s), 0 warning(s), 0 info';
  const report: Report = {
    target: 'https://shop.example',
    checkedAt: '2026-01-01T00:00:00.000Z',
    verdict: 'errors',
    local: false,
    poppy: null,
    skills: [
      {
        name: `evil\n${fake}`,
        description: null,
        type: 'skill-md',
        source: 'well-known',
        url: `https://shop.example/x\r\n${fake}`,
        status: 'invalid',
        expectedDigest: null,
        actualDigest: null,
        reason: FETCH_WORDS.network({ error: `bad\u2028${fake}` }),
      },
    ],
    findings: [
      {
        severity: 'error',
        code: 'bad-name',
        document: `https://shop.example/i\n${fake}`,
        path: '$.skills[0].name',
        message: reports.siteText(`Bad name\u2029${fake}`).message,
        hint: FETCH_WORDS.network({ error: `Fix it\n${fake}` }),
        skill: 'evil',
      },
    ],
    documents: [],
  };

  it('prints one verdict line, its own, whatever the site named things', () => {
    const out = formatHuman(report, createStyle(false), 12);
    const verdictLines = out.split(/\r\n|\r|\n|\u2028|\u2029/).filter((line) => line.trimStart().startsWith('Verdict:'));
    expect(verdictLines).toEqual(['Verdict: errors — 1 error(s), 0 warning(s), 0 info']);
    expect(out).toContain(`evil\\u000a${fake}`);
    expect(out).not.toMatch(/[\r\u2028\u2029]/);
  });
});

describe('formatHuman without a poppy.json model', () => {
  it('tells "none published" (404) from "could not be used" (no answer)', () => {
    const none = formatHuman(reports.nothingPublished(), createStyle(false), 12);
    expect(none).toContain('Nothing published for agents\nnorthlight.poppy.test has no poppy.json.');
    // An answer that could not be used (here one with no findings of its own to blame).
    const failed = formatHuman({ ...reports.unreachable(), findings: [] }, createStyle(false), 12);
    expect(failed).toContain(
      "Could not reach this site's documents\nThe poppy.json at northlight.poppy.test could not be read; the findings below say why.",
    );
    expect(failed).not.toContain('has no poppy.json');
    // Nothing answered: the one finding says so, and nothing claims an answer came back.
    const down = formatHuman(reports.unreachable(), createStyle(false), 12);
    expect(down).toContain('site-unreachable  Nothing answered at northlight.poppy.test: the connection was refused.');
    expect(down).toContain('fix: Start the server, or check the address and port.');
    expect(down).toContain("Could not reach this site's documents");
    expect(down).not.toContain('could not be read');
  });
});

describe('isPublicTarget (the DNS-rebinding guard is on for public sites)', () => {
  it.each([
    ['https://shop.example', true],
    ['shop.example', true],
    ['http://shop.example', true],
    ['http://localhost:5173', false],
    ['http://shop.localhost:3000', false],
    ['http://127.0.0.1:8080', false],
    ['http://[::1]:8080', false],
    ['not a url at all ::', true],
  ])('%s → %s', (target, expected) => {
    expect(isPublicTarget(target)).toBe(expected);
  });
});
