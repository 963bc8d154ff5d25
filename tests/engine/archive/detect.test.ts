// The format is told by the bytes; Content-Type and extension are hints (skill-md.md §6 item 39;
// agent-skills-index.md §8 "Detection").
import { describe, expect, it } from 'vitest';
import { listArchive } from '../../../utils/engine/archive';
import { SKILL_MD, tar, tgz } from '../../fixtures/archives/tar';
import { zip } from '../../fixtures/archives/zip';
import { NAME } from './helpers';

const files = [
  { name: 'SKILL.md', data: SKILL_MD },
  { name: 'run.sh', data: 'x' },
];
const gz = tgz(files);
const pk = zip(files);

const cases: [label: string, bytes: Uint8Array, url: string, contentType: string | null, expected: [string, string[]][]][] = [
  ['tar.gz as application/gzip', gz, 'https://s.example/a.tar.gz', 'application/gzip', []],
  ['.tgz is tar.gz', gz, 'https://s.example/a.tgz', 'application/gzip', []],
  ['zip as application/zip; charset ignored', pk, 'https://s.example/a.zip', 'application/zip; charset=binary', []],
  ['a query string is not part of the extension', gz, 'https://s.example/a.tar.gz?v=2#x', 'application/gzip', []],
  [
    'Content-Type says zip, bytes are gzip',
    gz,
    'https://s.example/a.tar.gz',
    'application/zip',
    [['archive-content-type-disagrees', ['application/zip', 'tar.gz']]],
  ],
  [
    'application/x-gzip',
    gz,
    'https://s.example/a.tar.gz',
    'application/x-gzip',
    [['archive-content-type-nonstandard', ['application/x-gzip', 'application/gzip']]],
  ],
  [
    'application/x-tar for a tar.gz',
    gz,
    'https://s.example/a.tar.gz',
    'application/x-tar',
    [['archive-content-type-nonstandard', ['application/x-tar', 'application/gzip']]],
  ],
  [
    'application/x-zip-compressed',
    pk,
    'https://s.example/a.zip',
    'application/x-zip-compressed',
    [['archive-content-type-nonstandard', ['application/x-zip-compressed', 'application/zip']]],
  ],
  [
    'octet-stream with a known extension',
    pk,
    'https://s.example/a.zip',
    'application/octet-stream',
    [['archive-content-type-nonstandard', ['application/octet-stream', 'application/zip']]],
  ],
  [
    'octet-stream with an unknown extension',
    gz,
    'https://s.example/download?id=7',
    'application/octet-stream',
    [
      ['archive-content-type-nonstandard', ['application/octet-stream', 'application/gzip']],
      ['archive-format-unnamed', ['tar.gz']],
    ],
  ],
  ['no Content-Type', gz, 'https://s.example/a.tar.gz', null, [['archive-content-type-missing', []]]],
  ['text/html', pk, 'https://s.example/a.zip', 'text/html', [['archive-content-type-disagrees', ['text/html', 'zip']]]],
  ['.zip URL, gzip bytes', gz, 'https://s.example/a.zip', 'application/gzip', [['archive-extension-disagrees', ['.zip', 'tar.gz']]]],
  ['.tar.gz URL, zip bytes', pk, 'https://s.example/a.tar.gz', 'application/zip', [['archive-extension-disagrees', ['.tar.gz', 'zip']]]],
  [
    'neither gzip nor zip',
    new TextEncoder().encode('<!doctype html><p>Not found</p>'),
    'https://s.example/a.zip',
    'application/zip',
    [['archive-format-unknown', ['3c 21 64 6f 63 74 79 70']]],
  ],
  ['an uncompressed tar', tar(files), 'https://s.example/a.tar', 'application/x-tar', [['archive-format-plain-tar', []]]],
];

describe('format detection', () => {
  it.each(cases)('%s', (_label, bytes, url, contentType, expected) => {
    const listing = listArchive({ bytes, url, contentType, skillName: NAME });
    expect(listing.problems.map((p) => [p.code, p.params])).toEqual(expected);
    expect(listing.format).toBe(bytes === gz ? 'tar.gz' : bytes === pk ? 'zip' : 'unknown');
  });
});
