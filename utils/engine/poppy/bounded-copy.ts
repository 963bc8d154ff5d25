import { clip } from '../json/values';
import { NAME_MAX, TEXT_MAX } from './bounds';

const MAX_DEPTH = 6;
const MAX_ITEMS = 50;
const MAX_NODES = 1000;
/** Stands in for whatever was cut, so the panel shows that there was more. */
export const CUT = '…';

/**
 * A small copy of a JSON value, for showing raw JSON the site wrote (D2: excluded_tasks of an
 * unrecognised shape). Bounded in depth, width, string length and total size, so a document
 * nested 10 000 deep or 100 000 wide can still be stored, exported and rendered. Keys are set
 * with defineProperty: a `__proto__` key stays a key.
 */
export function boundedCopy(value: unknown): unknown {
  let budget = MAX_NODES;
  const copy = (v: unknown, depth: number): unknown => {
    if (budget-- <= 0) return CUT;
    if (typeof v === 'string') return clip(v, TEXT_MAX);
    if (typeof v !== 'object' || v === null) return v;
    if (depth >= MAX_DEPTH) return CUT;
    if (Array.isArray(v)) {
      const items = v.slice(0, MAX_ITEMS).map((item) => copy(item, depth + 1));
      return v.length > MAX_ITEMS ? [...items, CUT] : items;
    }
    const out: Record<string, unknown> = {};
    const entries = Object.entries(v);
    for (const [key, item] of entries.slice(0, MAX_ITEMS)) {
      Object.defineProperty(out, clip(key, NAME_MAX), {
        value: copy(item, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    if (entries.length > MAX_ITEMS) out[CUT] = CUT;
    return out;
  };
  return copy(value, 0);
}
