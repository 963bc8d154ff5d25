import { finding, jsonPath, type Finding } from '../report/findings';
import type { SkillSource } from '../report/report';
import { SKILL_INDEX_CODES as C } from './codes';
import { quote } from '../json/values';
import { POPPY, SKILL_ENTRY } from '../spec';
import type { IndexEntry, IndexParse } from './types';

/** Where both indexes list the identical artifact, one row says `both`. */
export interface MergedEntry {
  entry: IndexEntry;
  /** `legacy` is the engine's, for rows from the v0.1 index; merging yields the other three. */
  source: SkillSource;
}

/** Entries past the cap are not checked, so they are not compared either. */
function byName(parse: IndexParse): Map<string, IndexEntry> {
  const map = new Map<string, IndexEntry>();
  for (const e of parse.entries) if (e.name !== null && e.status !== 'not-checked' && !map.has(e.name)) map.set(e.name, e);
  return map;
}

const shownUrl = (e: IndexEntry) => e.url ?? e.rawUrl;

/**
 * D1/D8: compare the embedded and the stand-alone copy by name, then by *resolved* URL (the
 * bases differ) and digest. A broken copy has been reported already; comparing it adds noise.
 */
export function compareIndexes(poppy: IndexParse, wellKnown: IndexParse): Finding[] {
  if (poppy.format === 'invalid' || wellKnown.format === 'invalid') return [];
  const p = byName(poppy);
  const w = byName(wellKnown);
  const out: Finding[] = [];
  const at = (parse: IndexParse, e: IndexEntry, field: string) => ({
    document: parse.document,
    path: jsonPath([...e.path, field]),
    skill: e.name ?? undefined,
  });
  const field = POPPY.skillIndex;
  for (const [name, pe] of p) {
    const we = w.get(name);
    const shown = quote(name);
    if (!we) {
      out.push(finding(C['only-in-poppy-index'].says({ name: shown, field }), at(poppy, pe, SKILL_ENTRY.name)));
      continue;
    }
    if (shownUrl(pe) !== shownUrl(we)) {
      const said = C['index-url-differs'].says({ name: shown, poppy: shownUrl(pe) ?? '', wellKnown: shownUrl(we) ?? '' });
      out.push(finding(said, at(poppy, pe, SKILL_ENTRY.url)));
    }
    if (pe.digest !== we.digest) {
      const said = C['index-digest-differs'].says({ name: shown, poppy: pe.digest ?? '', wellKnown: we.digest ?? '' });
      out.push(finding(said, at(poppy, pe, SKILL_ENTRY.digest)));
    }
  }
  for (const [name, we] of w) {
    if (p.has(name)) continue;
    out.push(finding(C['only-in-well-known-index'].says({ name: quote(name), field }), at(wellKnown, we, SKILL_ENTRY.name)));
  }
  return out;
}

/**
 * One row per distinct artifact: the identical (name, resolved url, digest) in both copies is one
 * `both` row, so it is fetched and shown once; anything else keeps its own row. Poppy entries come
 * first in their order, then the stand-alone copy's remaining entries.
 */
export function mergeIndexes(poppy: IndexParse | null, wellKnown: IndexParse | null): MergedEntry[] {
  // One copy only (the common case): nothing to match.
  if (!wellKnown) return (poppy?.entries ?? []).map((entry) => ({ entry, source: 'poppy' }));
  if (!poppy) return wellKnown.entries.map((entry) => ({ entry, source: 'well-known' }));
  const waiting = new Map<string, IndexEntry[]>();
  for (const e of wellKnown.entries) {
    const k = key(e);
    if (k === null) continue;
    const list = waiting.get(k);
    if (list) list.push(e);
    else waiting.set(k, [e]);
  }
  const matched = new Set<IndexEntry>();
  const rows: MergedEntry[] = [];
  for (const pe of poppy.entries) {
    const k = key(pe);
    const we = k === null ? undefined : waiting.get(k)?.shift();
    if (!we) {
      rows.push({ entry: pe, source: 'poppy' });
      continue;
    }
    matched.add(we);
    rows.push({ entry: pe, source: 'both' });
  }
  for (const we of wellKnown.entries) if (!matched.has(we)) rows.push({ entry: we, source: 'well-known' });
  return rows;
}

/** The status is part of the key: a row that is only listed (over the cap, a format we do not
 *  verify) must never stand in for the other copy's entry that is checked. */
function key(e: IndexEntry): string | null {
  return e.name === null || e.url === null || e.digest === null ? null : JSON.stringify([e.status, e.name, e.url, e.digest]);
}
