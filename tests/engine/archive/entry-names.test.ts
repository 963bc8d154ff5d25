// skill-md.md §6 item 35 and the skills CLI's name rules, each checked in both formats: the name
// is the one an extractor would write.
import { describe, expect, it } from 'vitest';
import { SKILL_MD, tgz, withPax } from '../../fixtures/archives/tar';
import { codes, list, tgzWith, zipWith } from './helpers';

const cases: [label: string, name: string, expected: string[]][] = [
  ['parent segment', '../x', ['archive-name-dot-dot']],
  ['parent segment inside', 'scripts/../../x', ['archive-name-dot-dot']],
  ['absolute', '/etc/x', ['archive-name-absolute']],
  ['drive letter', 'C:\\x', ['archive-name-drive-letter', 'archive-name-backslash']],
  ['drive letter with slash', 'c:/x', ['archive-name-drive-letter']],
  ['backslash climbing', 'a\\..\\b', ['archive-name-backslash', 'archive-name-dot-dot']],
  ['leading backslash', '\\x', ['archive-name-backslash']],
  ['NUL in the name', 'a\u0000b', ['archive-name-nul']],
  ['dot segment first', './scripts/run.sh', ['archive-name-dot-segment']],
  ['dot segment inside', 'scripts/./run.sh', ['archive-name-dot-segment']],
  ['empty segment', 'scripts//run.sh', ['archive-name-dot-segment']],
  ['Windows reserved character', 'notes:stream.md', ['archive-name-not-portable']],
  ['Windows device name', 'scripts/con.txt', ['archive-name-not-portable']],
  ['trailing dot', 'scripts/run.', ['archive-name-not-portable']],
  ['control character', 'scripts/r\u001bun.sh', ['archive-name-not-portable']],
  ['too long', `${'a/'.repeat(2100)}x`, ['archive-name-too-long']],
];

/** The listing's form of a name: cut at 300 characters, invisible and control characters spelled out. */
const shown = (name: string) =>
  (name.length > 300 ? `${name.slice(0, 300)}…` : name).replace(
    /[\u0000\u001b]/g,
    (c) => `⟨U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );

describe.each([
  // Names tar's 100-byte field cannot hold go in a PAX record, as tar itself writes them; the
  // ustar name is then a cut-down copy (tar's own fallback), so no names-disagree warning.
  [
    'tar.gz',
    (name: string) =>
      name.length <= 100 && !name.includes('\0')
        ? tgzWith({ name, data: 'x' })
        : tgz([{ name: 'SKILL.md', data: SKILL_MD }, ...withPax({ path: name }, { name: name.split('\0')[0]!.slice(0, 100), data: 'x' })]),
  ],
  ['zip', (name: string) => zipWith({ name, data: 'x' })],
] as const)('names in a %s', (_format, build) => {
  it.each(cases)('%s', (_label, name, expected) => {
    const listing = list(build(name));
    expect(codes(listing).sort()).toEqual([...expected].sort());
    expect(listing.problems.every((p) => p.entry !== undefined)).toBe(true);
    expect(listing.files.map((f) => f.path)).toContain(shown(name));
  });

  it('shows invisible, bidi and control characters in the listing, spelled out', () => {
    const listing = list(build('invoice\u202Efdp.exe\u200B\u0007'));
    expect(listing.files.map((f) => f.path)).toContain('invoice⟨U+202E⟩fdp.exe⟨U+200B⟩⟨U+0007⟩');
  });

  it('an ordinary nested name is clean', () => {
    const listing = list(build('references/api-notes.md'));
    expect(listing.problems).toEqual([]);
    expect(listing.skillMd).toBeInstanceOf(Uint8Array);
  });
});

describe('the empty name', () => {
  it('is an error in a zip (tar cannot store one: its name field is NUL-terminated)', () => {
    expect(codes(list(zipWith({ name: '', data: 'x' })))).toEqual(['archive-name-empty']);
  });
});
