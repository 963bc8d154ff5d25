import { describe, expect, it } from 'vitest';
import { digestHex, explainMismatch, formatDigest, sha256Hex } from '../../../utils/engine/check/digest';
import type { MismatchCause } from '../../../utils/engine/report/report';

const enc = (s: string) => new TextEncoder().encode(s);
const LF_FILE = '---\nname: my-skill\ndescription: A test skill\n---\n# My Skill\n';
const CRLF_FILE = LF_FILE.replaceAll('\n', '\r\n');
const withBom = (b: Uint8Array) => Uint8Array.of(0xef, 0xbb, 0xbf, ...b);
const plain = { contentEncoding: null, contentType: 'text/markdown', url: 'https://a.example/skills/x/SKILL.md' };

// agent-skills-index.md §6, exactly as published.
describe('test vectors (agent-skills-index.md §6)', () => {
  it.each([
    ['empty', new Uint8Array(0), 'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['# Hello\\n', enc('# Hello\n'), 'sha256:90f8ec5669cd34183b9b0fdf8b94f5efb4c3672876330f4aa76088c2b4ad17be'],
    ['#!/bin/sh\\n', enc('#!/bin/sh\n'), 'sha256:a8076d3d28d21e02012b20eaf7dbf75409a6277134439025f282e368e3305abf'],
    ['SKILL.md with LF', enc(LF_FILE), 'sha256:e196bb2cfeafcf469201433cae9c0fcbf17de1fa0dde77314c5472d1932358e0'],
    ['SKILL.md with CRLF', enc(CRLF_FILE), 'sha256:b52a2d737014e2b78a4c21a556d9ed0fc95f38a42d8c224d6d6c3b9c8aef0f7a'],
    ['SKILL.md with LF and a BOM', withBom(enc(LF_FILE)), 'sha256:5eecbbcee8f2ac3ec541e4c37ddcd20b3c3ac2b305e459f8d88ba57c60e3ea1f'],
  ])('%s', async (_label, bytes, digest) => {
    expect(formatDigest(await sha256Hex(bytes))).toBe(digest);
  });

  it('hashes a view at its own offset, not its whole buffer', async () => {
    const padded = enc(`xx# Hello\nyy`);
    expect(await sha256Hex(padded.subarray(2, 10))).toBe('90f8ec5669cd34183b9b0fdf8b94f5efb4c3672876330f4aa76088c2b4ad17be');
  });
});

describe('digestHex', () => {
  const hex = 'e196bb2cfeafcf469201433cae9c0fcbf17de1fa0dde77314c5472d1932358e0';
  it.each([
    [`sha256:${hex}`, hex],
    [`sha256:${hex.toUpperCase()}`, null],
    [`sha256:${hex.slice(1)}`, null],
    [`sha256:${hex}0`, null],
    [`sha512:${hex}`, null],
    [hex, null],
    ['sha256-4ZW7LP6vz0aSAUM8rpwPy/F9H+EN3ncxTHLZHTIyWOA=', null],
    ['', null],
  ])('%s → %s', (digest, expected) => {
    expect(digestHex(digest)).toBe(expected);
  });
});

// Checklist items 26–28 at the byte level: the raw served bytes are hashed, never a normalised copy.
describe('raw bytes are hashed (checklist 26–28)', () => {
  it('26: the LF vector file verifies against its digest', async () => {
    const expected = digestHex('sha256:e196bb2cfeafcf469201433cae9c0fcbf17de1fa0dde77314c5472d1932358e0');
    expect(await sha256Hex(enc(LF_FILE))).toBe(expected);
  });

  it.each([
    ['a BOM', withBom(enc(LF_FILE)), ['bom-removed']],
    ['CRLF line ends', enc(CRLF_FILE), ['crlf-to-lf']],
  ] as const)('27: a file served with %s does not match the digest of its normalised copy', async (_label, served, causes) => {
    const normalisedHex = await sha256Hex(enc(LF_FILE));
    expect(await sha256Hex(served)).not.toBe(normalisedHex);
    expect(await explainMismatch(served, normalisedHex, plain)).toEqual(causes);
  });

  it('28: a plain wrong digest mismatches and nothing explains it', async () => {
    const wrong = '0'.repeat(64);
    expect(await sha256Hex(enc(LF_FILE))).not.toBe(wrong);
    expect(await explainMismatch(enc(LF_FILE), wrong, plain)).toEqual([]);
  });
});

describe('explainMismatch', () => {
  const causeCases: [string, string | Uint8Array, string | Uint8Array, MismatchCause[]][] = [
    ['served CRLF, published LF', CRLF_FILE, LF_FILE, ['crlf-to-lf']],
    ['served LF, published CRLF', LF_FILE, CRLF_FILE, ['lf-to-crlf']],
    ['served with a BOM, published without', withBom(enc(LF_FILE)), LF_FILE, ['bom-removed']],
    ['served without a BOM, published with', LF_FILE, withBom(enc(LF_FILE)), ['bom-added']],
    ['served without a final LF', LF_FILE.slice(0, -1), LF_FILE, ['final-newline-added']],
    ['served CRLF without a final CRLF', CRLF_FILE.slice(0, -2), CRLF_FILE, ['final-newline-added']],
    ['served with a final LF, published without', LF_FILE, LF_FILE.slice(0, -1), ['final-newline-removed']],
    ['served with a final CRLF, published without', CRLF_FILE, CRLF_FILE.slice(0, -2), ['final-newline-removed']],
    ['mixed line ends, published all CRLF', 'a\r\nb\nc\r\n', 'a\r\nb\r\nc\r\n', ['lf-to-crlf']],
    ['mixed line ends, published all LF', 'a\r\nb\nc\r\n', 'a\nb\nc\n', ['crlf-to-lf']],
    ['an unrelated file', LF_FILE, '# Hello\n', []],
    ['empty file, published as one LF', '', '\n', ['final-newline-added']],
  ];
  it.each(causeCases)('%s', async (_label, served, published, causes) => {
    const bytes = typeof served === 'string' ? enc(served) : served;
    const expectedHex = await sha256Hex(typeof published === 'string' ? enc(published) : published);
    expect(await explainMismatch(bytes, expectedHex, plain)).toEqual(causes);
  });

  it('accepts an upper-case expected hex', async () => {
    const hex = (await sha256Hex(enc(LF_FILE))).toUpperCase();
    expect(await explainMismatch(enc(CRLF_FILE), hex, plain)).toEqual(['crlf-to-lf']);
  });

  const tar = Uint8Array.from({ length: 512 }, (_, i) => i % 7);
  const other = '1'.repeat(64);
  it.each([
    ['gzip + .tar.gz URL', 'gzip', 'application/octet-stream', 'https://a.example/s/x.tar.gz', ['content-encoding']],
    ['x-gzip + .tgz URL with a query', 'x-gzip', null, 'https://a.example/s/x.tgz?v=2', ['content-encoding']],
    ['gzip + application/gzip type', 'GZIP', 'application/gzip', 'https://a.example/s/download', ['content-encoding']],
    ['gzip + application/x-gzip type', 'gzip', 'application/x-gzip', 'https://a.example/s/download', ['content-encoding']],
    ['no Content-Encoding', null, 'application/gzip', 'https://a.example/s/x.tar.gz', []],
    ['br on a .tar.gz', 'br', 'application/gzip', 'https://a.example/s/x.tar.gz', []],
    ['gzip on a .zip', 'gzip', 'application/zip', 'https://a.example/s/x.zip', []],
    ['gzip on a SKILL.md (ordinary compression)', 'gzip', 'text/markdown', 'https://a.example/s/SKILL.md', []],
  ] as const)('content coding: %s', async (_label, contentEncoding, contentType, url, causes) => {
    expect(await explainMismatch(tar, other, { contentEncoding, contentType, url })).toEqual(causes);
  });

  it.each([
    ['<!DOCTYPE html>', '<!DOCTYPE html>\n<html><body>Not found</body></html>', 'text/markdown', ['html-body']],
    ['leading whitespace and <html>', '\n  <html lang="en">', null, ['html-body']],
    ['a BOM then <HEAD>', '\uFEFF<HEAD><title>x</title>', 'text/plain', ['html-body']],
    ['text/html type and a tag', '<div>Sign in</div>', 'text/html', ['html-body']],
    ['markdown that starts with a tag', '<div>Sign in</div>', 'text/markdown', []],
    ['markdown mentioning <html> later', '# Skill\n<html>', 'text/html', []],
  ] as const)('html body: %s', async (_label, text, contentType, causes) => {
    const served = { contentEncoding: null, contentType, url: 'https://a.example/s/SKILL.md' };
    expect(await explainMismatch(enc(text), other, served)).toEqual(causes);
  });

  it('reports every cause that applies, in a fixed order', async () => {
    const html = enc('<html>\n<body>gone</body>\n</html>');
    const publishedHex = await sha256Hex(enc('<html>\r\n<body>gone</body>\r\n</html>'));
    expect(await explainMismatch(html, publishedHex, plain)).toEqual(['lf-to-crlf', 'html-body']);
  });
});
