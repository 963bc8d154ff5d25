import { describe, expect, it } from 'vitest';
import { readJsonDocument } from '../../utils/json-document';

const doc = 'https://shop.example/.well-known/poppy.json';
const bytes = (s: string) => new TextEncoder().encode(s);
const codes = (r: { findings: { code: string }[] }) => r.findings.map((f) => f.code);

describe('readJsonDocument', () => {
  it('reads an object served as application/json with no findings', () => {
    const r = readJsonDocument(bytes('{"a":1}'), 'application/json', doc);
    expect(r.ok && r.value).toEqual({ a: 1 });
    expect(codes(r)).toEqual([]);
  });

  it.each([
    ['<!DOCTYPE html><html><body>Not found</body></html>', 'text/html', 'html-instead-of-json', false],
    ['  <html><body>Sign in</body></html>', 'application/json', 'html-instead-of-json', false],
    ['{"a":', 'application/json', 'invalid-json', true],
    ['[1,2]', 'application/json', 'not-an-object', true],
    ['null', 'application/json', 'not-an-object', true],
  ])('%j as %s → %s', (body, type, code, published) => {
    const r = readJsonDocument(bytes(body), type, doc);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.published).toBe(published);
    expect(codes(r)).toContain(code);
    expect(r.findings.every((f) => f.document === doc && f.hint.length > 0)).toBe(true);
  });

  it('rejects invalid UTF-8', () => {
    const r = readJsonDocument(new Uint8Array([0x7b, 0xff, 0x7d]), 'application/json', doc);
    expect(codes(r)).toEqual(['not-utf8']);
  });

  it('strips a BOM with a warning and still parses', () => {
    const r = readJsonDocument(bytes('\uFEFF{"a":1}'), 'application/json', doc);
    expect(r.ok).toBe(true);
    expect(codes(r)).toEqual(['json-bom']);
  });

  it.each([
    [null, 'missing-content-type', 'warning'],
    ['text/html', 'wrong-content-type', 'error'],
    ['text/plain', 'unexpected-content-type', 'warning'],
  ] as const)('JSON body served as %s → %s', (type, code, severity) => {
    const r = readJsonDocument(bytes('{}'), type, doc);
    expect(r.ok).toBe(true);
    expect(r.findings.map((f) => [f.code, f.severity])).toEqual([[code, severity]]);
  });
});
