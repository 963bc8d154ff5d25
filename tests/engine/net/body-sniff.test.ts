import { describe, expect, it } from 'vitest';
import { sniffBody, type BodyKind } from '../../../utils/engine/net/body-sniff';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('sniffBody', () => {
  it.each<[string, Uint8Array, string | null, BodyKind]>([
    ['nothing', bytes(''), null, 'empty'],
    ['whitespace and a BOM only', bytes('\uFEFF \r\n\t'), 'application/json', 'empty'],
    ['an object after whitespace', bytes('\n  {"a":1}'), null, 'json'],
    ['an array after a BOM', bytes('\uFEFF[1]'), 'text/plain', 'json'],
    ['broken JSON still starts like JSON', bytes('{"a":'), null, 'json'],
    ['a UTF-16 LE byte order mark', Uint8Array.of(0xff, 0xfe, 0x7b, 0), null, 'utf16'],
    ['a UTF-16 BE byte order mark', Uint8Array.of(0xfe, 0xff, 0, 0x7b), null, 'utf16'],
    ['<!DOCTYPE html> in any case', bytes('  <!DocType HTML><p>x'), 'application/json', 'html'],
    ['<html>', bytes('<html lang="en">'), null, 'html'],
    ['<HEAD> after a BOM', bytes('\uFEFF<HEAD>'), 'text/plain', 'html'],
    ['<body>', bytes('<body>'), null, 'html'],
    ['any tag served as text/html', bytes('<div>Sign in</div>'), 'text/html', 'html'],
    ['a tag served as something else', bytes('<div>Sign in</div>'), 'text/markdown', 'markup'],
    ['XML', bytes('<?xml version="1.0"?><Error/>'), 'application/xml', 'markup'],
    ['plain text', bytes('Not Found'), 'text/plain', 'text'],
    ['a JSON scalar', bytes('null'), 'application/json', 'text'],
    ['text with a terminal escape', bytes('Oops \u001b[31mred'), null, 'text'],
    ['a PNG signature', Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png', 'binary'],
    ['a NUL byte', bytes('ab\u0000cd'), null, 'binary'],
  ])('%s → %s', (_label, body, contentType, kind) => {
    expect(sniffBody(body, contentType)).toBe(kind);
  });

  it('looks only at the first bytes of a large body', () => {
    const body = new Uint8Array(1024 * 1024).fill(0x61);
    body[600] = 0;
    expect(sniffBody(body, null)).toBe('text');
  });
});
