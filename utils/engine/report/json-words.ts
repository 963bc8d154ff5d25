/**
 * Reading parsed JSON safely and naming what was found, for every reader of site documents
 * (poppy.json, the skill indexes). Site-supplied values go into one-line messages and paths.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own property only: JSON.parse makes `__proto__` an own key, and `constructor` is inherited. */
export function own(obj: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? (obj as JsonObject)[key] : undefined;
}

/** "a number", "an array", "an object", "null": for "must be a string, not …" messages. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** At most `max` code points (D6 counts code points), or null when `text` is no longer. */
function cut(text: string, max: number): string | null {
  if (text.length <= max) return null;
  // A code point is at most two UTF-16 units: looking at `2 × max` units is always enough.
  const chars = [...text.slice(0, max * 2)];
  if (chars.length <= max && text.length <= max * 2) return null;
  return chars.slice(0, max).join('');
}

/** Keeps a 1 MB key from making a 1 MB finding: the first `max` code points and an ellipsis. */
export function clip(text: string, max: number): string {
  const head = cut(text, max);
  return head === null ? text : `${head}…`;
}

const QUOTE_MAX = 80;

/** A site-supplied value as JSON inside a message: invisible characters show, long values are cut
 *  (the ellipsis outside the quotes, since it is not part of the value). */
export function quote(text: string, max = QUOTE_MAX): string {
  const head = cut(text, max);
  return head === null ? JSON.stringify(text) : `${JSON.stringify(head)}…`;
}
