// What the command line prints from site text: nothing a site wrote may start a line of its own,
// move the cursor or disguise itself; and which checks guard against DNS rebinding.
import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import { counted } from '../../cli/english';
import { formatHuman } from '../../cli/format-human';
import { isPublicTarget } from '../../cli/check';
import { createStyle, safeJson, safeText } from '../../cli/style';
import type { Report } from '../../utils/engine/report/report';
import { FETCH_WORDS } from '../../utils/engine/net/fetch-words';
import * as reports from '../components/reports';

describe('safeText (the terminal): every hidden character spelled out, by Unicode property', () => {
  it.each([
    ['a line feed', 'a\nb', 'a⟨U+000A⟩b'],
    ['a carriage return', 'a\rb', 'a⟨U+000D⟩b'],
    ['a tab', 'a\tb', 'a⟨U+0009⟩b'],
    ['NUL', 'a\u0000b', 'a⟨U+0000⟩b'],
    ['an escape sequence', '\u001b[2J', '⟨U+001B⟩[2J'],
    ['DEL and C1 controls', '\u007f\u0085\u009b', '⟨U+007F⟩⟨U+0085⟩⟨U+009B⟩'],
    ['the line separator', 'a\u2028b', 'a⟨U+2028⟩b'],
    ['the paragraph separator', 'a\u2029b', 'a⟨U+2029⟩b'],
    ['a bidi override', 'txt.\u202Egpj', 'txt.⟨U+202E⟩gpj'],
    ['isolates', '\u2066x\u2069', '⟨U+2066⟩x⟨U+2069⟩'],
    ['zero-width characters and a BOM', 'a\u200bb\u200dc\ufeff', 'a⟨U+200B⟩b⟨U+200D⟩c⟨U+FEFF⟩'],
    // These passed through raw while the command line kept a list of its own (docs/security.md).
    ['the Arabic letter mark', 'a\u061Cb', 'a⟨U+061C⟩b'],
    ['the word joiner', 'a\u2060b', 'a⟨U+2060⟩b'],
    ['invisible times', 'a\u2062b', 'a⟨U+2062⟩b'],
    ['a soft hyphen', 'a\u00ADb', 'a⟨U+00AD⟩b'],
    ['the Mongolian vowel separator', 'a\u180Eb', 'a⟨U+180E⟩b'],
    ['tag characters', 'ok\u{E0001}\u{E0069}\u{E0067}\u{E007F}', 'ok⟨U+E0001⟩⟨U+E0069⟩⟨U+E0067⟩⟨U+E007F⟩'],
    ['private use and unassigned', '\uE000\u0378', '⟨U+E000⟩⟨U+0378⟩'],
  ])('shows %s spelled out', (_label, input, shown) => {
    expect(safeText(input)).toBe(shown);
  });

  it('leaves ordinary text alone, accents and emoji included', () => {
    expect(safeText('Fleurs à domicile · 🌷 "quoted" \\ back')).toBe('Fleurs à domicile · 🌷 "quoted" \\ back');
  });
});

describe('safeJson (the JSON writer)', () => {
  it('escapes C1 controls (8-bit CSI, OSC, ST) that JSON.stringify leaves raw, and means the same', () => {
    const value = { name: 'a\u009b2J\u009d0;title\u009c', note: 'x\u202Ey\u{E0041}', list: ['line\nbreak'] };
    expect(JSON.stringify(value)).toMatch(/[\u0080-\u009f]/);
    const out = safeJson(value);
    expect(out).not.toMatch(/[\u0080-\u009f\u202e]|\u{E0041}/u);
    expect(out).toContain('"a\\u009b2J\\u009d0;title\\u009c"');
    expect(JSON.parse(out)).toEqual(value);
  });

  it('keeps one line per value when asked (survey lines)', () => {
    expect(safeJson({ a: '\u0085' }, 0)).toBe('{"a":"\\u0085"}');
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
    expect(verdictLines).toEqual(['Verdict: errors — 1 error, 0 warnings, 0 info']);
    expect(out).toContain(`evil⟨U+000A⟩${fake}`);
    expect(out).not.toMatch(/[\r\u2028\u2029]/);
  });
});

describe('formatHuman shows hosts and finding values as the panel does', () => {
  it('a domain that mixes scripts in punycode, a one-script one with its punycode, hidden characters in values spelled out', () => {
    const report = reports.northlightOk();
    report.poppy = reports.northlightPoppy({ organization: { name: 'Northlight', domain: 'pаypal.example', domainMatches: false } });
    report.findings = [reports.finding(reports.siteText('ok\u202Eexe.png\u2060\u{E0041}'))];
    const out = formatHuman(report, createStyle(false), 12);
    expect(out).toContain(`Northlight (${domainToASCII('pаypal.example')})`);
    expect(out).not.toContain('pаypal');
    expect(out).toContain('ok⟨U+202E⟩exe.png⟨U+2060⟩⟨U+E0041⟩');

    const nothing = formatHuman({ ...reports.nothingPublished(), target: 'https://xn--mnchen-3ya.example' }, createStyle(false), 12);
    expect(nothing).toContain('münchen.example (xn--mnchen-3ya.example) has no poppy.json.');
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

describe('formatHuman fits the terminal', () => {
  const plain = createStyle(false);
  const stale = reports.northlightStale();
  const longUrl = `https://northlight.poppy.test/.well-known/agent-skills/${'very-long-folder-name/'.repeat(4)}SKILL.md`;
  stale.skills = stale.skills.map((s, i) => (i === 0 ? { ...s, url: longUrl } : s));

  it('wraps at the width with a hanging indent, and shortens URLs and digests in the middle', () => {
    const text = formatHuman(stale, plain, 10, undefined, 60);
    for (const line of text.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(60);
    expect(text).toMatch(/^ {6}fix: \S.*\n {11}\S/m);
    expect(text).toContain('…');
    expect(text).not.toContain(longUrl);
    expect(text).toMatch(/expected sha256:[0-9a-f]+…[0-9a-f]+\n/);
  });

  it('keeps every value whole when the output is not a terminal', () => {
    const text = formatHuman(stale, plain, 10, undefined, null);
    expect(text).toContain(longUrl);
    expect(text).toContain(`expected ${stale.skills.find((s) => s.status === 'mismatch')!.expectedDigest}`);
    expect(text).not.toContain('…');
  });

  it('prints the fix at full strength, and says what the source column means', () => {
    const text = formatHuman(stale, createStyle(true), 10, undefined, null);
    expect(text).toMatch(/\n {6}\u001b\[1mfix:\u001b\[22m [^\u001b]/);
    expect(text).not.toMatch(/\u001b\[2m {6}fix:/);
    expect(text).toMatch(/source: .*= listed/);
  });

  it('says 1 error, 2 warnings: real plurals', () => {
    const one = { ...stale, findings: stale.findings.filter((f) => f.severity === 'error').slice(0, 1) };
    expect(formatHuman(one, plain, 10)).toMatch(/— 1 error, 0 warnings, 0 info/);
  });

  it('counts with real plurals in every command: 1 digest, 2 digests, 0 files', () => {
    expect([counted(1, 'digest'), counted(2, 'digest'), counted(0, 'file'), counted(1, 'repeated site')]).toEqual([
      '1 digest',
      '2 digests',
      '0 files',
      '1 repeated site',
    ]);
  });
});
