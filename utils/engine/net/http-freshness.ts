/**
 * How long an answer may be reused without asking its server again, as a private cache reads
 * `Cache-Control` (RFC 9111 §5.2.2; `Expires` and heuristics are not used: without a
 * `max-age` the caller keeps its own policy). The extension uses it to space out automatic
 * checks of a site (docs/architecture.md, "The background decides").
 */
export interface Freshness {
  /** False for `no-store`: nothing of the answer may be kept. */
  store: boolean;
  /** Milliseconds left to reuse it without asking (`max-age` minus `Age`); 0 for `no-cache` and
   *  `no-store` (ask every time); null when the server did not say. */
  forMs: number | null;
}

/** One directive: a token, optionally `=` a token or a quoted string. */
const DIRECTIVE = /^\s*([!#$%&'*+.^_`|~0-9a-z-]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^,\s"]*))?\s*$/i;
/** Past this the header is hostile or broken, and read as if absent. */
const HEADER_MAX = 2048;
/** Larger numbers are read as this many seconds (RFC 9111 §1.2.2 allows capping at 2^31). */
const DELTA_MAX = 2 ** 31;

/** The last headers read and what they meant: a site serves its 200 skill files with one header. */
let last: { cacheControl: string | null | undefined; age: string | null | undefined; result: Readonly<Freshness> } | null = null;

export function freshness(cacheControl: string | null | undefined, age?: string | null): Readonly<Freshness> {
  if (last !== null && last.cacheControl === cacheControl && last.age === age) return last.result;
  const result = Object.freeze(read(cacheControl, age));
  last = { cacheControl, age, result };
  return result;
}

function read(cacheControl: string | null | undefined, age?: string | null): Freshness {
  if (!cacheControl || cacheControl.length > HEADER_MAX) return { store: true, forMs: null };
  let maxAge: number | null = null;
  let noStore = false;
  let noCache = false;
  // Commas inside quoted values (no-cache="a, b") only split a qualifier list; both halves still
  // parse or are skipped, and a qualified no-cache is read as a plain one (the stricter reading).
  for (const part of cacheControl.split(',')) {
    const m = DIRECTIVE.exec(part);
    const name = m?.[1]?.toLowerCase() ?? part.trim().split(/[\s=]/, 1)[0]!.toLowerCase();
    if (name === 'no-store') noStore = true;
    else if (name === 'no-cache') noCache = true;
    else if (name === 'max-age' && m) {
      const seconds = deltaSeconds(m[2]);
      // A repeated or invalid max-age is a conflict: the answer is stale (RFC 9111 §4.2.1).
      maxAge = seconds === null || maxAge !== null ? 0 : seconds;
    }
  }
  if (noStore) return { store: false, forMs: 0 };
  if (noCache) return { store: true, forMs: 0 };
  if (maxAge === null) return { store: true, forMs: null };
  const aged = deltaSeconds(age ?? undefined) ?? 0;
  return { store: true, forMs: Math.max(0, maxAge - aged) * 1000 };
}

function deltaSeconds(raw: string | undefined): number | null {
  const value = raw?.replace(/^"(.*)"$/, '$1').trim();
  if (!value || !/^\d+$/.test(value)) return null;
  return Math.min(Number(value.slice(0, 12)), DELTA_MAX);
}
