import { describe, expect, it } from 'vitest';
import { catalogSource, renderParam, renderText, substitute, type Catalog } from '../../../utils/engine/report/render';
import { and, list, or, sentence, sentences } from '../../../utils/engine/report/words';

describe('substitute (as browsers fill messages.json)', () => {
  it.each([
    ['a named placeholder', { message: 'Hello, $USER$!', placeholders: { user: { content: '$1' } } }, ['Ada'], 'Hello, Ada!'],
    ['names compare without case', { message: '$User$ and $USER$', placeholders: { user: { content: '$1' } } }, ['x'], 'x and x'],
    [
      'text around the value in the content',
      { message: 'Try $NAME$.', placeholders: { name: { content: '`$1`' } } },
      ['a-b'],
      'Try `a-b`.',
    ],
    ['a literal placeholder', { message: 'On $SITE$', placeholders: { site: { content: 'example.com' } } }, [], 'On example.com'],
    ['positions out of order', { message: '$B$ $A$', placeholders: { a: { content: '$1' }, b: { content: '$2' } } }, ['1', '2'], '2 1'],
    ['a missing value is empty', { message: '[$A$]', placeholders: { a: { content: '$2' } } }, ['x'], '[]'],
    ['$$ is one $', { message: 'costs $$5' }, [], 'costs $5'],
    ['an unknown placeholder is empty', { message: 'a $NOPE$ b' }, [], 'a  b'],
  ] as const)('%s', (_label, entry, values, expected) => {
    expect(substitute(entry, values)).toBe(expected);
  });

  it('never reads a substituted value again', () => {
    const entry = { message: '$A$ and $B$', placeholders: { a: { content: '$1' }, b: { content: '$2' } } };
    expect(substitute(entry, ['$2 $B$', 'two'])).toBe('$2 $B$ and two');
  });
});

describe('renderText', () => {
  const catalog: Catalog = {
    t_plain: { message: 'The index lists no skills.' },
    t_value: {
      message: 'Skill $SKILL$ could not be read: $DETAIL$.',
      placeholders: { skill: { content: '$1' }, detail: { content: '$2' } },
    },
    t_detail: { message: 'HTTP $STATUS$', placeholders: { status: { content: '$1' } } },
    t_count_one: { message: '$COUNT$ skill was not checked.', placeholders: { count: { content: '$1' } } },
    t_count_other: { message: '$COUNT$ skills were not checked.', placeholders: { count: { content: '$1' } } },
    t_flat: { message: 'Skills ($COUNT$)', placeholders: { count: { content: '$1' } } },
    t_list: { message: 'Use $TYPES$.', placeholders: { types: { content: '$1' } } },
  };
  const en = catalogSource(catalog, 'en');
  const plain = sentence('t_plain', []);
  const value = sentence('t_value', ['skill', 'detail']);
  const detail = sentence('t_detail', ['status']);
  const counted = sentence('t_count', ['count']);
  const flat = sentence('t_flat', ['count']);
  const listed = sentence('t_list', ['types']);

  it('fills values in the order the sentence declares them', () => {
    expect(renderText(en, value({ detail: 'HTTP 404', skill: 'a' }))).toBe('Skill a could not be read: HTTP 404.');
  });

  it('renders words inside words', () => {
    expect(renderText(en, value({ skill: 'a', detail: detail({ status: 503 }) }))).toBe('Skill a could not be read: HTTP 503.');
  });

  it.each([
    [1, '1 skill was not checked.'],
    [2, '2 skills were not checked.'],
    [0, '0 skills were not checked.'],
  ])('picks the plural form for %i', (count, expected) => {
    expect(renderText(en, counted({ count }))).toBe(expected);
  });

  it('falls back to the form `other`, then to the plain key', () => {
    const fr = catalogSource({ t_count_other: catalog.t_count_other! }, 'fr');
    expect(renderText(fr, counted({ count: 1 }))).toBe('1 skills were not checked.');
    expect(renderText(en, flat({ count: 1 }))).toBe('Skills (1)');
  });

  it('follows the language’s plural rules, not English ones', () => {
    const ru: Catalog = {
      t_count_one: { message: 'one' },
      t_count_few: { message: 'few' },
      t_count_many: { message: 'many' },
      t_count_other: { message: 'other' },
    };
    expect([1, 3, 5, 21].map((count) => renderText(catalogSource(ru, 'ru'), counted({ count })))).toEqual(['one', 'few', 'many', 'one']);
  });

  it.each([
    ['en', and(['a', 'b', 'c']), 'Use a, b, and c.'],
    ['en', or(['`skill-md`', '`archive`']), 'Use `skill-md` or `archive`.'],
    ['de', and(['a', 'b', 'c']), 'Use a, b und c.'],
    ['en', list(['HTTP 200', 'published']), 'Use HTTP 200, published.'],
  ] as const)('joins lists in the reader’s language (%s)', (locale, items, expected) => {
    expect(renderText(catalogSource(catalog, locale), listed({ types: items }))).toBe(expected);
  });

  it('puts sentences one after another', () => {
    expect(renderParam(en, sentences([plain({}), plain({})]))).toBe('The index lists no skills. The index lists no skills.');
  });

  it('shows the key of a sentence the catalog lacks, and never throws on a stored value of another shape', () => {
    expect(renderText(en, { key: 'finding_gone', params: [] })).toBe('finding_gone');
    expect(renderText(en, 'an old stored string' as never)).toBe('an old stored string');
    expect(renderText(en, { key: 't_value', params: [null, { list: 1 }] } as never)).toBe('Skill  could not be read: .');
  });

  it('refuses more than nine values, as Chrome does', () => {
    expect(() => sentence('t_ten', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'])).toThrow();
    expect(catalogSource(catalog, 'en').message('t_plain', Array(10).fill('x'))).toBe('');
  });
});
