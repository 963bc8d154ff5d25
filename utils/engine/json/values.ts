/**
 * Reading parsed JSON safely and naming what was found, for every reader of site documents
 * (poppy.json, the skill indexes). Site-supplied values go into one-line messages and paths.
 */

import { sentence, type Words } from '../report/words';
import { revealHidden } from '../text/reveal';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own property only: JSON.parse makes `__proto__` an own key, and `constructor` is inherited. */
export function own(obj: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? (obj as JsonObject)[key] : undefined;
}

/** What a JSON value is: "must be a string, not a number". */
export const KINDS = {
  null: sentence('kind_null', []),
  array: sentence('kind_array', []),
  object: sentence('kind_object', []),
  string: sentence('kind_string', []),
  number: sentence('kind_number', []),
  boolean: sentence('kind_boolean', []),
  other: sentence('kind_other', []),
};

/** "a number", "an array", "an object", "null": for "must be a string, not …" messages. */
export function kindOf(value: unknown): Words {
  if (value === null) return KINDS.null({});
  if (Array.isArray(value)) return KINDS.array({});
  const type = typeof value;
  return (type === 'object' || type === 'string' || type === 'number' || type === 'boolean' ? KINDS[type] : KINDS.other)({});
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

/** A site-supplied value as JSON inside a message: controls as JSON escapes, every other hidden
 *  character spelled out (text/reveal.ts: a bidi override in a value cannot reorder the sentence
 *  around it), long values cut (the ellipsis outside the quotes, since it is not part of the value). */
export function quote(text: string, max = QUOTE_MAX): string {
  const head = cut(text, max);
  return head === null ? revealHidden(JSON.stringify(text)) : `${revealHidden(JSON.stringify(head))}…`;
}
