import { isWords, MAX_PARAMS, type Param, type Words } from './words';

/** One entry of a messages.json file, as browsers read it. */
export interface CatalogEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}
export type Catalog = Readonly<Record<string, CatalogEntry>>;

/** Where sentences come from: the browser's i18n in the extension, a bundled catalog elsewhere. */
export interface MessageSource {
  /** BCP 47 language of the messages: plural rules and list words follow it. */
  readonly locale: string;
  /** As `browser.i18n.getMessage`: the message with its substitutions filled, `''` for an unknown key. */
  message(key: string, substitutions: readonly string[]): string;
}

/** Placeholder names Chrome accepts between `$…$`. */
const PLACEHOLDER = /\$([A-Za-z0-9_@]+)\$/g;

/**
 * `getMessage` as Chrome and Firefox do it for a well-formed entry: each `$NAME$` becomes its
 * placeholder's content (names compare case-insensitively), then `$1`…`$9` become the
 * substitutions (a missing one becomes nothing) and each run of `$` loses one `$`. Substituted
 * values are never read again, so a value holding `$1` stays as it is.
 */
export function substitute(entry: CatalogEntry, substitutions: readonly string[]): string {
  const placeholders = entry.placeholders ?? {};
  const named = entry.message.replace(PLACEHOLDER, (_, name: string) => {
    const lower = name.toLowerCase();
    return Object.hasOwn(placeholders, lower) ? placeholders[lower]!.content : '';
  });
  let out = '';
  for (let i = 0; i < named.length; i++) {
    const c = named[i]!;
    if (c !== '$') {
      out += c;
      continue;
    }
    const next = named[i + 1];
    if (next === '$') {
      while (named[i + 1] === '$') {
        out += '$';
        i++;
      }
    } else if (next !== undefined && next >= '1' && next <= '9') {
      out += substitutions[Number(next) - 1] ?? '';
      i++;
    } else if (next !== undefined) {
      i++; // Chrome drops `$` and the character after it
    }
  }
  return out;
}

/** A bundled catalog (the command line's English, the tests') read as the browser reads its own. */
export function catalogSource(catalog: Catalog, locale: string): MessageSource {
  return {
    locale,
    message(key, substitutions) {
      if (!Object.hasOwn(catalog, key) || substitutions.length > MAX_PARAMS) return '';
      return substitute(catalog[key]!, substitutions);
    },
  };
}

/** Engine-made words can nest (a reason inside a message); deeper than this is a bug, not data. */
const MAX_DEPTH = 4;

/**
 * Words → text in the source's language. A sentence with a count takes its plural form
 * (`<key>_one`, `<key>_other`… as `Intl.PluralRules` names them, `_other` when the language's
 * form is missing, the plain key when the sentence has no forms). A key the catalog lacks shows as the key itself: a gap is visible, never blank.
 * Never throws: stored reports from an older version render as best they can.
 */
export function renderText(source: MessageSource, words: Words): string {
  return render(source, words, 0);
}

function render(source: MessageSource, words: unknown, depth: number): string {
  if (!isWords(words)) return typeof words === 'string' ? words : '';
  const params = words.params.map((p) => renderValue(source, p, depth + 1));
  if (typeof words.count !== 'number') return source.message(words.key, params) || words.key;
  const form = `${words.key}_${pluralRules(source.locale).select(words.count)}`;
  // A sentence whose words do not change with the number has no plural forms: its plain key.
  return source.message(form, params) || source.message(`${words.key}_other`, params) || source.message(words.key, params) || words.key;
}

/** One value of a sentence on its own: text, words, or a list in the source's language. */
export function renderParam(source: MessageSource, param: Param): string {
  return renderValue(source, param, 0);
}

function renderValue(source: MessageSource, param: Param, depth: number): string {
  if (typeof param === 'string') return param;
  if (depth > MAX_DEPTH) return '';
  if (isWords(param)) return render(source, param, depth);
  if (typeof param === 'object' && param !== null && Array.isArray(param.items)) {
    const items = param.items.map((item) => renderValue(source, item, depth + 1));
    return param.join === 'sentences' ? items.join(' ') : listFormat(source.locale, param.join).format(items);
  }
  return '';
}

// Building these is the costly part of Intl; a report renders hundreds of sentences.
const plurals = new Map<string, Intl.PluralRules>();
const lists = new Map<string, Intl.ListFormat>();

function pluralRules(locale: string): Intl.PluralRules {
  let rules = plurals.get(locale);
  if (!rules) plurals.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}

const LIST_TYPES = { and: 'conjunction', or: 'disjunction', list: 'unit' } as const;

function listFormat(locale: string, join: keyof typeof LIST_TYPES): Intl.ListFormat {
  const id = `${locale} ${join}`;
  let format = lists.get(id);
  if (!format) lists.set(id, (format = new Intl.ListFormat(locale, { type: LIST_TYPES[join] })));
  return format;
}
