import { describe, expect, it } from 'vitest';
import { applyDigestEdits, digestEntries } from '../../cli/index/digest-entries';

const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;

describe('digestEntries', () => {
  it('finds each entry of the array at the path, with its digest where it stands', () => {
    const text = `{"skill_index":{"skills":[{"name":"a","url":"a.md","digest":"${D1}"},{"name":"b","url":"b.md"},"junk",{"digest":7}]}}`;
    const entries = digestEntries(text, ['skill_index', 'skills'])!;
    expect(entries.map((e) => [e.path, e.name, e.url, e.digest])).toEqual([
      [['skill_index', 'skills', 0], 'a', 'a.md', D1],
      [['skill_index', 'skills', 1], 'b', 'b.md', null],
      [['skill_index', 'skills', 3], null, null, null],
    ]);
    expect(text.slice(entries[0]!.digestSpan!.offset, entries[0]!.digestSpan!.offset + entries[0]!.digestSpan!.length)).toBe(`"${D1}"`);
    expect(entries[1]!.insertAt).toBe(text.indexOf('"b.md"') + 6);
    expect([entries[2]!.digestSpan, entries[2]!.insertAt]).toEqual([null, null]);
  });

  it('is null without such an array', () => {
    expect(digestEntries('{"skills": {}}', ['skills'])).toBeNull();
    expect(digestEntries('not json', ['skills'])).toBeNull();
  });
});

describe('applyDigestEdits', () => {
  it('replaces and adds digests and changes no other character', () => {
    const text = `{\r\n  "skills": [\r\n    { "name": "a", "digest": "${D1}" },\t\r\n    { "name": "b", "url": "b.md" }\r\n  ]\r\n}`;
    const [a, b] = digestEntries(text, ['skills'])!;
    const out = applyDigestEdits(text, [
      { entry: a!, digest: D2 },
      { entry: b!, digest: D1 },
    ]);
    expect(out).toBe(text.replace(D1, D2).replace('"url": "b.md"', `"url": "b.md", "digest": "${D1}"`));
  });
});
