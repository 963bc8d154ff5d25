// A skill index cut off at our byte cap (D5): the entries whole within the prefix are read, and
// nothing else. Cut at every byte of an index with tricky strings (multi-byte characters, escaped
// quotes, brackets and commas inside strings, nested values, a field after `skills`), the prefix
// never yields a partial or invented entry, never calls the site's bytes broken, and loses none
// of the entries it holds.
import { describe, expect, it } from 'vitest';
import { readJsonDocument } from '../../../utils/engine/check/json-document';
import { readIndexPrefix } from '../../../utils/engine/check/json-prefix';

const DOC = 'https://shop.example/.well-known/agent-skills/index.json';

const skills = [
  { name: 'a', description: 'Plain.', type: 'skill-md', url: 'a/SKILL.md', digest: `sha256:${'a'.repeat(64)}` },
  { name: 'b', description: 'Quotes \\" and ] } , [ { inside, 語 and 🌼.', type: 'skill-md', url: 'b/SKILL.md', digest: 'x' },
  { name: 'c', description: 'Nested', extra: { list: [1, [2, { k: '}' }]], n: null }, type: 'archive', url: 'c.zip', digest: 'y' },
  { name: 'd', description: 'ü'.repeat(20), type: 'skill-md', url: 'd/SKILL.md', digest: 'z' },
];
const index = { $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json', skills, after: 'not read when cut' };

describe('readJsonDocument of a cut index', () => {
  it.each([
    ['pretty-printed', JSON.stringify(index, null, 2)],
    ['on one line', JSON.stringify(index)],
  ])('%s: at every cut, exactly the entries that end within it', (_how, text) => {
    const bytes = new TextEncoder().encode(text);
    const open = bytes.indexOf('['.charCodeAt(0));
    // Where each entry ends: its serialisation found in the text, in bytes.
    const pretty = text.includes('\n');
    const ends = skills.map((entry) => {
      const own = pretty ? JSON.stringify(entry, null, 2).split('\n').join('\n    ') : JSON.stringify(entry);
      return new TextEncoder().encode(text.slice(0, text.indexOf(own) + own.length)).byteLength;
    });
    for (let k = 1; k < bytes.byteLength; k++) {
      const doc = readJsonDocument(bytes.subarray(0, k), 'application/json', DOC, true);
      expect(doc.findings.map((f) => f.code)).toEqual([]);
      const whole = ends.filter((end) => end <= k).length;
      if (k <= open) {
        expect(doc).toMatchObject({ ok: false, published: true, cut: { entries: 0 } });
        continue;
      }
      expect(doc.ok, `cut at ${k}`).toBe(true);
      if (!doc.ok) continue;
      expect(doc.value.skills, `cut at ${k}`).toEqual(skills.slice(0, whole));
      expect(doc.cut?.entries).toBe(whole);
      expect(doc.value.$schema).toBe(index.$schema);
    }
  });

  it('a whole document that arrives marked as cut is read whole', () => {
    const text = `${JSON.stringify(index)}`;
    const doc = readJsonDocument(new TextEncoder().encode(text), 'application/json', DOC, true);
    expect(doc).toMatchObject({ ok: true, value: index });
  });
});

describe('readIndexPrefix', () => {
  it.each([
    ['no skills array yet', '{"$schema": "x", "ski'],
    ['skills is not an array', '{"skills": {"a": 1, "b": [{'],
    ['broken JSON before the cut', '{"$schema": x, "skills": [{"name": "a"}, {"na'],
    ['an array at the top', '[{"skills": [{"name": "a"}, {"na'],
  ])('%s: nothing', (_what, text) => expect(readIndexPrefix(text)).toBeNull());

  it('takes `skills` from the top level only, not from a nested object', () => {
    expect(readIndexPrefix('{"meta": {"skills": [{"name": "x"}]}, "skills": [{"name": "a"}, {"name": "b"')).toEqual({
      value: { meta: { skills: [{ name: 'x' }] }, skills: [{ name: 'a' }] },
      entries: 1,
    });
  });
});
