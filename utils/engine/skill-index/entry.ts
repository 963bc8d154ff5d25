import type { JsonReader } from '../json/reader';
import { isObject, kindOf, own, quote } from '../json/values';
import { sentence, type Words } from '../report/words';
import { MISNAMED_DIGEST_FIELD as MISNAMED_DIGEST, SKILL_ENTRY, SKILL_INDEX } from '../spec';
import { SKILL_INDEX_CODES as C } from './codes';
import { digestProblem } from './digest-format';
import { checkType, descriptionProblem, nameProblem, urlProblem, URL_EDGE_SPACE } from './fields';
import { resolveEntryUrl, resolveOrNull } from './resolve-url';
import type { EntryStatus, IndexContext, IndexEntry, Problem } from './types';

/** The entry rules (fields.ts, digest-format.ts), field by field, in the order they are reported. */
const FIELD_RULES: readonly [string, (value: unknown) => Problem | null][] = [
  [SKILL_ENTRY.name, nameProblem],
  [SKILL_ENTRY.description, descriptionProblem],
  [SKILL_ENTRY.url, urlProblem],
  [SKILL_ENTRY.digest, digestProblem],
];

/** Why an entry is only listed, not verified. */
export const ENTRY_REASONS = {
  unknownType: sentence('reason_unknown_type', ['type']),
  overCap: sentence('reason_over_cap', ['max']),
  unknownSchema: sentence('reason_unknown_schema', ['field']),
  interimFormat: sentence('reason_interim_format', []),
  oldFormat: sentence('reason_old_format', []),
};

export interface CheckedEntry {
  entry: IndexEntry;
  /** Keys a finding here already explains, so they are not also reported as unknown. */
  explained: string[];
}

/**
 * An entry as written. Entries that are only listed (`skipped`: index not processed or unknown
 * type; `not-checked`: past the cap, of which at most `OVER_CAP_LISTED` are listed) get their URL
 * resolved quietly, so the report shows where they live. `pending` entries are resolved by
 * `checkEntry`, with findings.
 */
export function listEntry(value: unknown, position: number, ctx: IndexContext, status: EntryStatus, reason?: Words): IndexEntry {
  const rawUrl = readString(value, SKILL_ENTRY.url);
  const listed = status === 'skipped' || status === 'not-checked';
  const resolve = listed && rawUrl !== null && rawUrl.replace(URL_EDGE_SPACE, '') !== '';
  const url = resolve ? resolveOrNull(rawUrl, ctx.document) : null;
  const path = [...ctx.pathPrefix, SKILL_INDEX.skills, position];
  const entry: IndexEntry = {
    position,
    path,
    document: ctx.document,
    name: readString(value, SKILL_ENTRY.name),
    description: readString(value, SKILL_ENTRY.description),
    type: readString(value, SKILL_ENTRY.type),
    rawUrl,
    url,
    digest: readString(value, SKILL_ENTRY.digest),
    status,
  };
  if (reason !== undefined) entry.reason = reason;
  return entry;
}

function readString(value: unknown, key: string): string | null {
  const v = isObject(value) ? own(value, key) : undefined;
  return typeof v === 'string' ? v : null;
}

/** Validates one v0.2.0 entry on its own (one bad entry never sinks the rest), reporting to `r`. */
export function checkEntry(r: JsonReader, value: unknown, position: number, ctx: IndexContext): CheckedEntry {
  const entry = listEntry(value, position, ctx, 'pending');
  const first = r.findings.length;
  const explained: string[] = [];

  if (!isObject(value)) {
    reportAt(r, entry, { said: C['entry-not-object'].says({ kind: kindOf(value) }) });
    return finish(r, first, entry, explained);
  }
  const type = checkType(own(value, SKILL_ENTRY.type));
  if (type.kind === 'unknown') {
    // The RFC says skip and warn: fields of a type we don't know may follow other rules.
    reportAt(r, entry, type.problem, SKILL_ENTRY.type);
    const reason = ENTRY_REASONS.unknownType({ type: quote(entry.type ?? '', 40) });
    return { entry: listEntry(value, position, ctx, 'skipped', reason), explained: [] };
  }
  if (type.kind === 'invalid') reportAt(r, entry, type.problem, SKILL_ENTRY.type);

  let urlOk = false;
  for (const [field, rule] of FIELD_RULES) {
    const raw = own(value, field);
    const problem = rule(raw);
    if (field === SKILL_ENTRY.url) urlOk = problem === null;
    if (problem === null) continue;
    if (field === SKILL_ENTRY.digest && raw === undefined && own(value, MISNAMED_DIGEST) !== undefined) {
      explained.push(MISNAMED_DIGEST);
      reportAt(
        r,
        entry,
        { said: C['digest-field-misnamed'].says({ field: MISNAMED_DIGEST, expected: SKILL_ENTRY.digest }) },
        MISNAMED_DIGEST,
      );
      continue;
    }
    reportAt(r, entry, problem, field);
  }
  if (urlOk && entry.rawUrl !== null) {
    const resolved = resolveEntryUrl(entry.rawUrl, ctx);
    entry.url = resolved.url;
    if (resolved.parsed) keepParsedUrl(entry, resolved.parsed);
    for (const note of resolved.notes) reportAt(r, entry, { said: note }, SKILL_ENTRY.url);
  }
  return finish(r, first, entry, explained);
}

/** Reports `problem` at the entry (or one of its fields), naming the skill when it has a name. */
function reportAt(r: JsonReader, entry: IndexEntry, problem: Problem, field?: string): void {
  r.report(problem.said, field === undefined ? entry.path : [...entry.path, field], {
    ...(problem.hint ? { hint: problem.hint } : {}),
    ...(entry.name ? { skill: entry.name } : {}),
  });
}

/** Each entry's URL as `resolveEntryUrl` parsed it. Weak: it lives as long as its entry. */
const parsedUrls = new WeakMap<IndexEntry, URL>();

function keepParsedUrl(entry: IndexEntry, url: URL): void {
  parsedUrls.set(entry, url);
}

/**
 * The entry's URL as parsed when the index was read, for the URL policy to judge instead of
 * parsing `entry.url` again (microseconds a parse, every skill of every check); undefined when
 * there is none or it no longer matches `entry.url`.
 */
export function parsedEntryUrl(entry: IndexEntry): URL | undefined {
  const url = parsedUrls.get(entry);
  return url !== undefined && url.href === entry.url ? url : undefined;
}

/** The entry's first error, if any, makes it `invalid`, and its message is the reason. */
function finish(r: JsonReader, first: number, entry: IndexEntry, explained: string[]): CheckedEntry {
  const error = r.findings.slice(first).find((f) => f.severity === 'error');
  if (error) return { entry: { ...entry, status: 'invalid', reason: error.message }, explained };
  return { entry, explained };
}
