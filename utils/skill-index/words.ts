const MAX_SHOWN = 80;

/** A value as JSON for a message: invisible characters show, long values are cut. */
export function quote(value: string, max = MAX_SHOWN): string {
  const chars = [...value.slice(0, max * 2)];
  const cut = chars.length > max || value.length > max * 2;
  return JSON.stringify(cut ? chars.slice(0, max).join('') : value) + (cut ? '…' : '');
}

/** "a number", "an array", "null": for "must be a string, not …" messages. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** Own property only: JSON.parse makes `__proto__` an own key, and `constructor` is inherited. */
export function own(obj: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? (obj as Record<string, unknown>)[key] : undefined;
}

export function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
