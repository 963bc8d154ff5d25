// Where SKILL.md must be (skill-md.md §6 items 34, 40, 41; agent-skills-index.md §8: "the archive
// is the skill directory: SKILL.md at the root, no wrapper folder").
import { describe, expect, it } from 'vitest';
import { noise, SKILL_MD, tgz } from '../../fixtures/archives/tar';
import { zip } from '../../fixtures/archives/zip';
import { english } from '../../helpers/english';
import { codes, list, NAME } from './helpers';

type File = { name: string; data?: string };
const formats = [
  [
    'tar.gz',
    (files: File[]) => tgz(files.map((f) => (f.name.endsWith('/') ? { name: f.name, type: '5' } : { name: f.name, data: f.data ?? 'x' }))),
  ],
  ['zip', (files: File[]) => zip(files.map((f) => ({ name: f.name, data: f.data ?? (f.name.endsWith('/') ? '' : 'x') })))],
] as const;

const REBUILD = {
  'tar.gz': `Archive the folder's contents, not the folder: \`tar -czf ${NAME}.tar.gz -C wrangler .\``,
  zip: `Archive the folder's contents, not the folder: \`cd wrangler && zip -r ../${NAME}.zip .\``,
};

describe.each(formats)('SKILL.md in a %s', (format, build) => {
  it('a wrapper folder is an error naming the folder, with the command that rebuilds this format (item 34)', () => {
    const listing = list(build([{ name: 'wrangler/' }, { name: 'wrangler/SKILL.md', data: SKILL_MD }, { name: 'wrangler/run.sh' }]));
    expect(listing.problems.map((p) => [p.code, p.params])).toEqual([['archive-skill-md-wrapped', ['wrangler']]]);
    expect(english(listing.problems[0]!.hint)).toBe(REBUILD[format]);
    expect(listing.skillMd).toBeUndefined();
  });

  it('no SKILL.md anywhere is an error', () => {
    expect(codes(list(build([{ name: 'README.md' }, { name: 'scripts/run.sh' }])))).toEqual(['archive-skill-md-missing']);
  });

  it('SKILL.md deeper than one folder, beside other top-level entries, is missing', () => {
    expect(codes(list(build([{ name: 'a/SKILL.md', data: SKILL_MD }, { name: 'b.md' }])))).toEqual(['archive-skill-md-missing']);
  });

  it('only skill.md (lower case) does not count', () => {
    const listing = list(build([{ name: 'skill.md', data: SKILL_MD }, { name: 'run.sh' }]));
    expect(codes(listing)).toEqual(['archive-skill-md-wrong-case']);
    expect(listing.skillMd).toBeUndefined();
  });

  it('SKILL.md beside skill.md: a case collision warning, and SKILL.md is the one checked (item 40)', () => {
    const listing = list(build([{ name: 'SKILL.md', data: SKILL_MD }, { name: 'skill.md', data: 'other' }, { name: 'run.sh' }]));
    expect(listing.problems.map((p) => [p.code, p.params])).toEqual([['archive-case-collision', ['skill.md', 'SKILL.md']]]);
    expect(new TextDecoder().decode(listing.skillMd)).toBe(SKILL_MD);
  });

  it('a duplicate SKILL.md warns; the last copy is checked, as unpacking leaves it', () => {
    const listing = list(build([{ name: 'SKILL.md', data: 'first' }, { name: 'run.sh' }, { name: 'SKILL.md', data: SKILL_MD }]));
    expect(codes(listing)).toEqual(['archive-duplicate-entry']);
    expect(new TextDecoder().decode(listing.skillMd)).toBe(SKILL_MD);
  });

  it('a folder listed twice is not a duplicate', () => {
    expect(list(build([{ name: 'SKILL.md', data: SKILL_MD }, { name: 'a/' }, { name: 'a/' }, { name: 'a/x.md' }])).problems).toEqual([]);
  });

  it('an archive holding only SKILL.md: info, use skill-md (item 41)', () => {
    const listing = list(build([{ name: 'SKILL.md', data: SKILL_MD }]));
    expect(codes(listing)).toEqual(['archive-only-skill-md']);
    expect(listing.skillMd).toBeInstanceOf(Uint8Array);
  });

  it('./SKILL.md (as `tar -C dir -czf x.tgz .` writes it) is at the root, with a warning', () => {
    const listing = list(build([{ name: './' }, { name: './SKILL.md', data: SKILL_MD }, { name: './run.sh' }]));
    expect(codes(listing)).toEqual(['archive-name-dot-segment', 'archive-name-dot-segment', 'archive-name-dot-segment']);
    expect(new TextDecoder().decode(listing.skillMd)).toBe(SKILL_MD);
  });

  it('a SKILL.md over 1 MiB is an error and is not held', () => {
    const listing = list(build([{ name: 'SKILL.md', data: `${SKILL_MD}${noise(1024 * 1024)}` }, { name: 'run.sh' }]));
    expect(codes(listing)).toEqual(['archive-skill-md-too-large']);
    expect(listing.skillMd).toBeUndefined();
  });

  it('SKILL.md as a folder is not a SKILL.md', () => {
    expect(codes(list(build([{ name: 'SKILL.md/' }, { name: 'SKILL.md/x' }])))).toEqual(['archive-skill-md-not-file']);
  });
});
