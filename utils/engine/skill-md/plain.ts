import { isAlias, isMap, isScalar, isSeq, type YAMLMap } from 'yaml';
import { keyText, NOTHING_FOUND, type YamlScan } from './yaml-walk';

/** Bounds on the copy kept in the report: it is shown in the panel and stored with the result. */
export const PLAIN_LIMITS = {
  /** Characters (UTF-16 units) per string. */
  string: 4096,
  /** Keys per map and items per list. */
  entries: 100,
  /** Levels of maps and lists, the top-level map included. */
  depth: 4,
  /** Values in the whole copy; with the alias cap this defeats "billion laughs" expansion. */
  nodes: 2000,
  /** Alias expansions in the whole copy. */
  aliases: 100,
} as const;

interface Budget {
  nodes: number;
  aliases: number;
  truncated: boolean;
}

/**
 * The top-level mapping as plain JSON-safe values (strings, arrays, plain objects; null only
 * where a bound cut a value), within PLAIN_LIMITS. `truncated` says a bound cut something off.
 * Every scalar is its text as written (`version: 2.0` stays "2.0", `~` stays "~", an empty value
 * is ""), as the reference validator's strictyaml reads them (skill-md.md §3).
 */
export function toPlain(map: YAMLMap, scan: YamlScan): { value: Record<string, unknown>; truncated: boolean } {
  const budget: Budget = { nodes: PLAIN_LIMITS.nodes, aliases: PLAIN_LIMITS.aliases, truncated: false };
  const value = copyMap(map, scan, 1, budget);
  return { value, truncated: budget.truncated };
}

/** The same copy of the simple reader's `key: text` pairs (see yaml-simple.ts). */
export function pairsToPlain(pairs: readonly (readonly [string, string])[]): { value: Record<string, unknown>; truncated: boolean } {
  const budget: Budget = { nodes: PLAIN_LIMITS.nodes, aliases: PLAIN_LIMITS.aliases, truncated: false };
  const out: Record<string, unknown> = {};
  if (pairs.length > PLAIN_LIMITS.entries) budget.truncated = true;
  for (const [key, text] of pairs.slice(0, PLAIN_LIMITS.entries)) setOwn(out, key, copy(text, NOTHING_FOUND, 1, budget));
  return { value: out, truncated: budget.truncated };
}

function copyMap(map: YAMLMap, scan: YamlScan, depth: number, budget: Budget): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (map.items.length > PLAIN_LIMITS.entries) budget.truncated = true;
  for (const pair of map.items.slice(0, PLAIN_LIMITS.entries)) {
    const key = keyText(pair.key);
    if (key === null) continue; // a list or map as key: reported by the style check
    setOwn(out, key, copy(pair.value, scan, depth, budget));
  }
  return out;
}

/**
 * A name Object.prototype has (`__proto__` above all) gets defineProperty, so it stays an
 * ordinary own property; any other name gets the same property from a (cheaper) assignment.
 */
function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (Object.hasOwn(Object.prototype, key))
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/** A node, or text the simple reader read, which is a string scalar. */
function copy(node: unknown, scan: YamlScan, depth: number, budget: Budget): unknown {
  if (node === null || node === undefined) return null;
  if (--budget.nodes < 0) return cut(budget);
  if (typeof node === 'string') return scalar(node, budget);
  if (isAlias(node)) {
    if (--budget.aliases < 0) return cut(budget);
    return copy(scan.targets.get(node) ?? null, scan, depth, budget);
  }
  if (isScalar(node)) return scalar(typeof node.value === 'string' ? node.value : (node.source ?? String(node.value ?? '')), budget);
  if (isMap(node) || isSeq(node)) {
    if (depth >= PLAIN_LIMITS.depth) return cut(budget);
    if (isMap(node)) return copyMap(node, scan, depth + 1, budget);
    if (node.items.length > PLAIN_LIMITS.entries) budget.truncated = true;
    return node.items.slice(0, PLAIN_LIMITS.entries).map((item) => copy(item, scan, depth + 1, budget));
  }
  return cut(budget);
}

function scalar(value: unknown, budget: Budget): unknown {
  if (typeof value === 'string') {
    if (value.length <= PLAIN_LIMITS.string) return value;
    budget.truncated = true;
    // Do not end on half a surrogate pair.
    const end = /[\uD800-\uDBFF]/.test(value[PLAIN_LIMITS.string - 1]!) ? PLAIN_LIMITS.string - 1 : PLAIN_LIMITS.string;
    return value.slice(0, end);
  }
  if (typeof value === 'boolean' || value === null) return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value); // JSON has no Infinity or NaN
  return String(value).slice(0, PLAIN_LIMITS.string);
}

function cut(budget: Budget): null {
  budget.truncated = true;
  return null;
}
