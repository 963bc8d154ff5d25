// Lister problems become findings with the catalog's words: values by name in the code's order,
// entry types in words, the `archive`/`entry` sentence chosen by whether an entry is named, and a
// case-dependent fix instead of the code's own hint.
import { describe, expect, it } from 'vitest';
import { ARCHIVE_CODES, type ArchiveCode, type ArchiveProblem } from '../../../utils/engine/archive';
import { problemFinding } from '../../../utils/engine/archive/findings';
import { inEnglish } from '../../helpers/english';
import { tgz } from '../../fixtures/archives/tar';
import { zip } from '../../fixtures/archives/zip';
import { list, NAME, tgzWith } from './helpers';

const URL = 'https://shop.example/.well-known/agent-skills/reserve-a-book.tar.gz';
const english = (problem: ArchiveProblem) => inEnglish(problemFinding(problem, URL, NAME));
const MiB = 1024 * 1024;

describe('archive problems as findings', () => {
  it('keep the code, severity, document and skill, and say the values in their places', () => {
    const [problem] = list(tgzWith({ name: '../escape.txt', data: 'x' })).problems;
    expect(english(problem!)).toEqual({
      severity: 'error',
      code: 'archive-name-dot-dot',
      document: URL,
      path: null,
      skill: NAME,
      message: 'Entry `../escape.txt` climbs out with `..`: unpacking could write outside the skill folder.',
      hint: 'Archive paths inside the skill folder only.',
    });
  });

  it('name an entry type in words', () => {
    const [problem] = list(tgzWith({ name: 'tty', type: '3' })).problems;
    expect(english(problem!).message).toBe('Entry `tty` is a character device: not something a skill can hold.');
  });

  it('say a tar.gz bomb about the whole archive and a zip bomb about its entry', () => {
    const zeros = { name: 'zeros.bin', data: new Uint8Array(5 * MiB) };
    const skill = { name: 'SKILL.md', data: 'x' };
    const [whole] = list(tgz([skill, zeros])).problems;
    const [member] = list(zip([skill, zeros])).problems;
    expect(english(whole!).message).toMatch(
      /^The archive unpacks to \d+ times its compressed size \(the limit is 200 once 1 MiB is unpacked\)/,
    );
    expect(english(member!).message).toMatch(/^Entry `zeros\.bin` unpacks to \d+ times its compressed size \(the limit is 200 once 1 MiB/);
    expect(english(member!).hint).toBe(
      'Do not publish archives of padding or repeated data: more than 200 times past the first 1 MiB reads as a bomb.',
    );
  });

  it('give the fix for this case when there is one: the media type to send for these bytes', () => {
    const [missing] = list(tgzWith(), { contentType: '' }).problems;
    expect(english(missing!)).toMatchObject({
      code: 'archive-content-type-missing',
      message: 'The archive is served without a Content-Type.',
      hint: 'Send the header Content-Type: `application/gzip`.',
    });
  });

  it('count what is past the per-code cap, in the plural form that fits', () => {
    const many = (n: number) => list(tgzWith(...Array.from({ length: n }, (_, i) => ({ name: `./f${i}.md`, data: 'x' })))).problems.at(-1)!;
    expect(english(many(11)).message).toBe('1 more problem of the kind `archive-name-dot-segment` was found and not listed.');
    expect(english(many(13)).message).toBe('3 more problems of the kind `archive-name-dot-segment` were found and not listed.');
  });

  it.each(Object.keys(ARCHIVE_CODES) as ArchiveCode[])('%s: every sentence fills every placeholder', (code) => {
    const problem = { code, severity: ARCHIVE_CODES[code].severity, params: ['v1', 'v2', 'v3', 'v4'] };
    for (const p of [problem, { ...problem, entry: 'e.md' }]) {
      const f = english(p);
      expect(f.severity).toBe(ARCHIVE_CODES[code].severity);
      expect(f.message).not.toMatch(/\$|``|\(\)/);
      expect(f.hint.trim()).not.toBe('');
    }
  });
});
