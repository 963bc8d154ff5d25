// Every locale is complete: the same keys as English, the same placeholders bound to the same
// positions, and every plural form its language needs (docs/architecture.md, "Findings and words").
// A gap would show English inside a German panel, or the wrong value in a sentence, silently.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

type Entry = { message: string; description?: string; placeholders?: Record<string, { content: string }> };
const DIR = resolve(process.cwd(), 'public/_locales');
const catalogOf = (locale: string) => JSON.parse(readFileSync(resolve(DIR, locale, 'messages.json'), 'utf8')) as Record<string, Entry>;
const ENGLISH = catalogOf('en');
const OTHERS = readdirSync(DIR).filter((locale) => locale !== 'en');

/** `$NAME$` references of a message, sorted, compared case-blind as browsers do. */
const references = (message: string) => [...message.matchAll(/\$([A-Za-z0-9_]+)\$/g)].map((m) => m[1]!.toLowerCase()).sort();
const contents = (entry: Entry) =>
  Object.fromEntries(Object.entries(entry.placeholders ?? {}).map(([name, { content }]) => [name.toLowerCase(), content]));
/** A counted sentence's forms (`<key>_one`, `<key>_other`…); English marks it with its `_one` form. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTED = new Set(
  Object.keys(ENGLISH)
    .filter((k) => k.endsWith('_one'))
    .map((k) => k.replace(PLURAL, '')),
);
const isForm = (key: string) => PLURAL.test(key) && COUNTED.has(key.replace(PLURAL, ''));

/**
 * Messages that read the same in every language: the product's name, file, protocol and value
 * names, and formats made of placeholders and punctuation. Any other message equal to its English
 * one was never translated, and would show English in that language's panel.
 */
const SAME_IN_EVERY_LANGUAGE: ReadonlySet<string> = new Set([
  'extName',
  'actionTitleIdle',
  'docPoppy',
  'domainLabel',
  'skillsHeading',
  'md_url',
  'kind_null',
  'docHttp',
  'detail_http_status',
  'policy_host',
  'words_sentences',
  'words_label_value',
  'words_value_note',
  'finding_bad_name__problems',
  'stateTooltip',
  'signInWays',
]);

it('ships English and at least one complete second locale', () => {
  expect(OTHERS.length).toBeGreaterThanOrEqual(1);
});

it('allows identical words only for keys English has, so the list cannot hide a typo', () => {
  expect([...SAME_IN_EVERY_LANGUAGE].filter((key) => !Object.hasOwn(ENGLISH, key))).toEqual([]);
});

describe.each(OTHERS)('locale %s', (locale) => {
  const catalog = catalogOf(locale);
  const language = locale.replace('_', '-');

  it('has every English key and no other', () => {
    const keys = (c: Record<string, Entry>) => Object.keys(c).filter((k) => !isForm(k));
    expect(
      keys(catalog).filter((k) => !Object.hasOwn(ENGLISH, k)),
      `keys ${locale} has that en lacks`,
    ).toEqual([]);
    expect(
      keys(ENGLISH).filter((k) => !Object.hasOwn(catalog, k)),
      `keys ${locale} lacks`,
    ).toEqual([]);
  });

  it('fills every message with the same placeholders at the same positions', () => {
    const wrong = Object.entries(ENGLISH).flatMap(([key, english]) => {
      const own = catalog[key] ?? (isForm(key) ? catalog[key.replace(PLURAL, '_other')] : undefined);
      if (!own) return [];
      const problems = [];
      if (own.message.trim() === '') problems.push(`${key}: empty`);
      if (references(own.message).join() !== references(english.message).join()) problems.push(`${key}: placeholders differ`);
      if (JSON.stringify(contents(own)) !== JSON.stringify(contents(english))) problems.push(`${key}: placeholder contents differ`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it('translates every message: none is its English one, but for names and formats', () => {
    const untranslated = Object.entries(catalog)
      .filter(([key, own]) => !SAME_IN_EVERY_LANGUAGE.has(key) && own.message === ENGLISH[key]?.message)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('has each plural form its language needs for every counted sentence', () => {
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const missing = [...COUNTED].flatMap((base) =>
      needed.filter((form) => !Object.hasOwn(catalog, `${base}_${form}`)).map((f) => `${base}_${f}`),
    );
    expect(missing).toEqual([]);
  });

  it('names its own language, so plurals, lists and dates follow the words shown', () => {
    expect(catalog['localeCode']?.message).toBe(language);
  });
});

describe.each(['en', ...OTHERS])('the store listing in %s', (locale) => {
  it('fits the stores: a name of at most 75 characters, a summary of at most 132', () => {
    const catalog = catalogOf(locale);
    expect(catalog['extName']!.message.length).toBeLessThanOrEqual(75);
    expect(catalog['extDescription']!.message.length).toBeLessThanOrEqual(132);
    expect(catalog['extDescription']!.message.length).toBeGreaterThan(20);
  });
});
