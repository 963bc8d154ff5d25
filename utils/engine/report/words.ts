/**
 * Words as data. The engine never writes a sentence: it names one by its message-catalog key
 * (public/_locales/<lang>/messages.json) and gives the values its placeholders take. Whoever shows
 * the words renders them in their own catalog: the panel with the browser's, the command line and
 * the tests with the bundled English one (./render.ts). See docs/architecture.md, "Findings and words".
 */

/** A value in a sentence: text as it is, another sentence, or a list joined in the reader's language. */
export type Param = string | Words | ListParam;

/** Items joined with the reader's "and" or "or" (`Intl.ListFormat`), or whole sentences one after another. */
export interface ListParam {
  readonly items: readonly Param[];
  readonly join: 'and' | 'or' | 'list' | 'sentences';
}

/** A sentence of the catalog and the values of its placeholders, in `$1`…`$9` order. */
export interface Words {
  readonly key: string;
  readonly params: readonly Param[];
  /** The number that picks the plural form (`<key>_one`, `<key>_other`…); set when a sentence has a `count`. */
  readonly count?: number;
}

/** Chrome's `i18n.getMessage` takes at most nine substitutions. */
export const MAX_PARAMS = 9;

/** The placeholder whose value selects the plural form of a sentence. */
export const COUNT = 'count';

export type Values<N extends readonly string[]> = { readonly [K in N[number]]: Param | number };

/** A declared sentence: its key, its placeholder names, and a function filling them. */
export interface Sentence<N extends readonly string[] = readonly string[]> {
  readonly key: string;
  readonly names: N;
  (values: Values<N>): Words;
}

/** Every sentence the engine declares, by key: the catalog tests walk it (tests/engine/report/catalog.test.ts). */
const declared = new Map<string, readonly string[]>();

export function declaredSentences(): ReadonlyMap<string, readonly string[]> {
  return declared;
}

/**
 * Declares a sentence once, at module load. A key declared twice with other names is a bug in
 * this code, so it throws there and then rather than showing wrong words later.
 */
export function sentence<const N extends readonly string[]>(key: string, names: N): Sentence<N> {
  if (names.length > MAX_PARAMS) throw new Error(`${key}: more than ${MAX_PARAMS} placeholders`);
  const earlier = declared.get(key);
  if (earlier && earlier.join() !== names.join()) throw new Error(`${key} declared twice with different placeholders`);
  declared.set(key, names);
  const fill = (values: Values<N>): Words => {
    const params = names.map((name: N[number]) => toParam(values[name]));
    const count = (names as readonly string[]).includes(COUNT) ? Number(values[COUNT as N[number]]) : undefined;
    return count === undefined ? { key, params } : { key, params, count };
  };
  return Object.assign(fill, { key, names });
}

function toParam(value: Param | number): Param {
  return typeof value === 'number' ? String(value) : value;
}

/** `a, b and c` in the reader's language. */
export function and(items: readonly Param[]): ListParam {
  return { items, join: 'and' };
}

/** `a, b or c` in the reader's language. */
export function or(items: readonly Param[]): ListParam {
  return { items, join: 'or' };
}

/** `a, b, c`: items of a list, joined as the reader's language lists units. */
export function list(items: readonly Param[]): ListParam {
  return { items, join: 'list' };
}

/** Whole sentences, one after another. */
export function sentences(items: readonly Param[]): ListParam {
  return { items, join: 'sentences' };
}

export function isWords(value: unknown): value is Words {
  return typeof value === 'object' && value !== null && typeof (value as Words).key === 'string' && Array.isArray((value as Words).params);
}

const JOINED = sentence('words_sentences', ['sentences']);

/** Several sentences as one: a fix made of notes ("Try `x`. Use 1 to 64 of …"). */
export function joined(items: readonly Param[]): Words {
  return JOINED({ sentences: sentences(items) });
}
