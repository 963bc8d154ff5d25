// Draft words for every code (they move into public/_locales in the repo): each code has a
// message and a hint, and the placeholders used are exactly the code's params.
import { describe, expect, it } from 'vitest';
import words from '../catalog/archive-words.en.json' with { type: 'json' };
import { ARCHIVE_CODES } from '../../../utils/engine/archive';

const table = words as unknown as Record<string, [string, string]>;

describe('archive words', () => {
  it('cover every code and nothing else', () => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(ARCHIVE_CODES).sort());
  });

  it.each(Object.entries(ARCHIVE_CODES))('%s uses exactly its params', (code, spec) => {
    const [message, hint] = table[code]!;
    const used = new Set([...`${message} ${hint}`.matchAll(/\$(\d)/g)].map((m) => Number(m[1])));
    expect([...used].sort()).toEqual(spec.params.map((_, i) => i + 1));
  });
});
