/**
 * The whole part of a skill index cut off at our byte cap (D5: past the cap is our limit, never
 * the site's error). The entries of its `skills` array that end within the prefix are read; the
 * rest is not. Checking those entries is more honest than checking none: each is the site's own
 * text, byte for byte. The prefix is cut only between whole entries (after one that closes with
 * `}` or `]`, or before a `,`), so a partial entry is never read and no entry is invented.
 */
import { SKILL_INDEX } from '../spec';

export interface IndexPrefix {
  /** The top-level object with its fields before `skills`, and `skills` with the whole entries. */
  value: Record<string, unknown>;
  /** Entries read. */
  entries: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * `text` is the start of a JSON object that does not end within it. Null when its `skills` array
 * had not begun, or what came before it is not JSON: then nothing of the index is read.
 */
export function readIndexPrefix(text: string): IndexPrefix | null {
  // Characters that open a container, innermost last.
  const open: string[] = [];
  let expectKey = false;
  let key: string | null = null;
  // Where `skills` began, and the end of its last whole entry; -1 outside it.
  let skillsAt = -1;
  let wholeTo = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
      if (i >= text.length) break;
      if (open.length === 1 && expectKey) {
        const name = parsed(text.slice(start, i + 1));
        key = typeof name === 'string' ? name : null;
        expectKey = false;
      }
      continue;
    }
    const ch = text[i]!;
    if (ch === '{' || ch === '[') {
      open.push(ch);
      if (open.length === 1) expectKey = true;
      if (open.length === 2 && ch === '[' && key === SKILL_INDEX.skills) [skillsAt, wholeTo] = [i, i + 1];
    } else if (ch === '}' || ch === ']') {
      open.pop();
      if (open.length === 0) break; // the object ended: then it was whole, and JSON.parse had it
      if (open.length === 2 && skillsAt >= 0) wholeTo = i + 1;
      if (open.length === 1 && skillsAt >= 0) return close(text.slice(0, i + 1));
    } else if (ch === ',') {
      if (open.length === 1) [expectKey, key] = [true, null];
      else if (open.length === 2 && skillsAt >= 0) wholeTo = i;
    }
  }
  if (skillsAt < 0 || open.length < 2) return null;
  return close(`${text.slice(0, wholeTo)}]`);
}

/** The prefix up to the end of `skills`, closed as an object; null when it does not parse. */
function close(prefix: string): IndexPrefix | null {
  const value = parsed(`${prefix}}`);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const skills = (value as Record<string, unknown>)[SKILL_INDEX.skills];
  return { value: value as Record<string, unknown>, entries: Array.isArray(skills) ? skills.length : 0 };
}

function parsed(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}
