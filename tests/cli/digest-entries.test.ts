import { applyEdits } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { addMembers, readIndexText, renameSha256, replaceDigest, setSchema } from '../../cli/index/digest-entries';

const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;

describe('readIndexText', () => {
  it('finds each entry of the array at the path, with its digest where it stands', () => {
    const text = `{"skill_index":{"skills":[{"name":"a","url":"a.md","digest":"${D1}"},{"name":"b","url":"b.md","sha256":"ab"},"junk",{"digest":7}]}}`;
    const { entries } = readIndexText(text, ['skill_index', 'skills'])!;
    expect(entries.map((e) => [e.path, e.name, e.url, e.digest, e.hasDigest])).toEqual([
      [['skill_index', 'skills', 0], 'a', 'a.md', D1, true],
      [['skill_index', 'skills', 1], 'b', 'b.md', null, false],
      [['skill_index', 'skills', 3], null, null, null, true],
    ]);
    expect(text.slice(entries[0]!.digestSpan!.offset, entries[0]!.digestSpan!.offset + entries[0]!.digestSpan!.length)).toBe(`"${D1}"`);
    expect(entries[1]!.sha256?.value).toBe('ab');
    expect(entries[1]!.insertAt).toBe(text.indexOf('"ab"') + 4);
    expect(entries[2]!.digestSpan).toBeNull();
  });

  it('is null without such an array', () => {
    expect(readIndexText('{"skills": {}}', ['skills'])).toBeNull();
    expect(readIndexText('not json', ['skills'])).toBeNull();
  });
});

describe('a hash under another name than `digest`', () => {
  const HEX = '1'.repeat(64);
  const field = (members: string) => readIndexText(`{"skills":[{"name":"a",${members}}]}`, ['skills'])!.entries[0]!.sha256?.field ?? null;

  it.each([
    ['"sha256": "x"', 'sha256'],
    ['"Digest": "x"', 'Digest'],
    ['"sha-256": "x"', 'sha-256'],
    ['"SHA256": "x"', 'SHA256'],
    ['"sha256_digest": "x"', 'sha256_digest'],
    [`"hash": "${HEX}"`, 'hash'],
    [`"checksum": "sha256:${HEX}"`, 'checksum'],
    ['"hash": "d41d8cd98f00b204e9800998ecf8427e"', null],
    [`"sha256": "x", "digest": "sha256:${HEX}"`, null],
  ])('%s → %s', (members, expected) => {
    expect(field(members)).toBe(expected);
  });
});

describe('the edits', () => {
  it('replace, rename and add in the entry’s own layout, and change no other character', () => {
    const text = `{\r\n  "skills": [\r\n    { "name": "a", "digest": "${D1}" },\t\r\n    {\r\n      "name": "b",\r\n      "url": "b/SKILL.md",\r\n      "sha256": "ab"\r\n    },\r\n    {"name":"c","url":"c.zip"}\r\n  ]\r\n}`;
    const { index, entries } = readIndexText(text, ['skills'])!;
    const [a, b, c] = entries;
    const out = applyEdits(text, [
      setSchema(index, 'S'),
      replaceDigest(a!, D2)!,
      ...renameSha256(b!, D1),
      addMembers(b!, [['type', 'skill-md']])!,
      addMembers(c!, [
        ['type', 'archive'],
        ['digest', D2],
      ])!,
    ]);
    expect(out).toBe(
      text
        .replace('{\r\n  "skills"', '{\r\n  "$schema": "S",\r\n  "skills"')
        .replace(D1, D2)
        .replace('"sha256": "ab"', `"digest": "${D1}",\r\n      "type": "skill-md"`)
        .replace('"url":"c.zip"', `"url":"c.zip", "type": "archive", "digest": "${D2}"`),
    );
  });

  it('replace a `$schema` value where it stands, and add one to an empty object', () => {
    const text = `{"skills":[], "$schema" :"x"}`;
    expect(applyEdits(text, [setSchema(readIndexText(text, ['skills'])!.index, 'S')])).toBe(`{"skills":[], "$schema" :"S"}`);
    const bare = `{"skill_index":{"skills":[]}}`;
    expect(applyEdits(bare, [setSchema(readIndexText(bare, ['skill_index', 'skills'])!.index, 'S')])).toBe(
      `{"skill_index":{"$schema": "S","skills":[]}}`,
    );
  });
});
