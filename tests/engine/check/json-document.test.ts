import { describe, expect, it } from 'vitest';
import { readJsonDocument } from '../../../utils/engine/check/json-document';
import { allInEnglish, english } from '../../helpers/english';

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
    // D8: a body that does not even start like JSON means the document is not published.
    ['', 'application/json', 'not-json', false],
    [' \r\n\t', 'application/json', 'not-json', false],
    ['Not Found', 'text/plain', 'not-json', false],
    ['\uFEFF  Not Found', 'application/json', 'not-json', false],
    ['null', 'application/json', 'not-json', false],
    ['"a string"', 'application/json', 'not-json', false],
    ['<?xml version="1.0"?><Error><Code>NoSuchKey</Code></Error>', 'application/xml', 'not-json', false],
    ['<Error>AccessDenied</Error>', null, 'not-json', false],
    // Starts like JSON: the owner tried, so a broken body stays an error.
    ['  {"a": 1,}', 'application/json', 'invalid-json', true],
    ['[', 'text/plain', 'invalid-json', true],
  ])('%j as %s → %s', (body, type, code, published) => {
    const r = readJsonDocument(bytes(body), type, doc);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.published).toBe(published);
    expect(codes(r)).toContain(code);
    expect(allInEnglish(r.findings).every((f) => f.document === doc && f.hint.length > 0)).toBe(true);
  });

  it.each([
    ['an empty body', '', /^The address answered with an empty body, not a JSON object: the document is not published\.$/],
    ['text', 'Not Found\n\nnginx', /^The address answered with text \("Not Found nginx"\), not a JSON object/],
    ['XML', '<?xml version="1.0"?><Error/>', /with an XML or other markup document, not a JSON object/],
  ])('says what arrived instead: %s', (_label, body, message) => {
    const r = readJsonDocument(bytes(body), 'text/plain', doc);
    expect(allInEnglish(r.findings)).toEqual([
      expect.objectContaining({ code: 'not-json', severity: 'warning', message: expect.stringMatching(message) }),
    ]);
  });

  it('calls a body with control bytes binary data, and quotes no more than the start of a long text', () => {
    const png = readJsonDocument(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d), 'image/png', doc);
    expect(allInEnglish(png.findings).map((f) => [f.code, f.message])).toEqual([
      ['not-json', 'The address answered with binary data, not a JSON object: the document is not published.'],
    ]);
    const long = readJsonDocument(bytes(`Welcome${' to our shop'.repeat(10_000)}`), 'text/plain', doc);
    expect(english(long.findings[0]!.message).length).toBeLessThan(160);
  });

  it('reads a UTF-16 body as an attempt at JSON in the wrong encoding (an error, not "not published")', () => {
    const r = readJsonDocument(Uint8Array.of(0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00), 'application/json', doc);
    expect(!r.ok && r.published).toBe(true);
    expect(codes(r)).toEqual(['not-utf8']);
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
