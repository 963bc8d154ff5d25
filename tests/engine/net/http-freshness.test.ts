import { describe, expect, it } from 'vitest';
import { freshness } from '../../../utils/engine/net/http-freshness';

describe('Cache-Control as a private cache reads it', () => {
  it.each([
    [null, null, { store: true, forMs: null }],
    ['', null, { store: true, forMs: null }],
    ['public', null, { store: true, forMs: null }],
    ['public, max-age=300', null, { store: true, forMs: 300_000 }],
    ['MAX-AGE="60"', null, { store: true, forMs: 60_000 }],
    ['private, max-age=3600', '600', { store: true, forMs: 3_000_000 }],
    ['max-age=60', '120', { store: true, forMs: 0 }],
    ['max-age=60', 'soon', { store: true, forMs: 60_000 }],
    ['no-cache', null, { store: true, forMs: 0 }],
    ['max-age=3600, no-cache="set-cookie, x-a"', null, { store: true, forMs: 0 }],
    ['max-age=3600, no-store', null, { store: false, forMs: 0 }],
    ['s-maxage=3600', null, { store: true, forMs: null }],
    ['max-age=-1', null, { store: true, forMs: 0 }],
    ['max-age=10, max-age=3600', null, { store: true, forMs: 0 }],
    ['max-age=99999999999999999999', null, { store: true, forMs: 2 ** 31 * 1000 }],
  ])('%j (Age %j) → %j', (header, age, expected) => {
    expect(freshness(header, age)).toEqual(expected);
  });

  it('reads an oversized header as absent', () => {
    expect(freshness(`max-age=60, ${'x'.repeat(3000)}`)).toEqual({ store: true, forMs: null });
  });
});
