import { describe, expect, it } from 'vitest';
import { packJson, unpackJson } from '../../utils/extension/packed-json';

describe('packed JSON in storage', () => {
  it('gives back what it packed', () => {
    const value = { version: 4, bodies: [['ab', 12]], urls: [{ url: 'https://a.example/x', cors: true, etag: null }] };
    const packed = packJson(value);
    expect(typeof packed).toBe('string');
    expect(unpackJson(packed, packed.length)).toEqual(value);
  });

  it.each<[string, unknown, number]>([
    ['a value that is not a string', { version: 4 }, 100],
    ['a string past the cap', JSON.stringify({ a: 'x'.repeat(100) }), 50],
    ['text that is not JSON', '{"version":4,', 100],
  ])('reads %s as nothing', (_name, raw, max) => {
    expect(unpackJson(raw, max)).toBeNull();
  });
});
