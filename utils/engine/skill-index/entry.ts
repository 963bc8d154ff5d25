import { finding, jsonPath, type Finding, type FindingSpec } from '../report/findings';
import { isObject, kindOf, own, quote } from '../report/json-words';
import { SKILL_INDEX_CODES as C } from './codes';
import { digestProblem } from './digest-format';
import { checkType, descriptionProblem, nameProblem, urlProblem, URL_EDGE_SPACE } from './fields';
import { resolveEntryUrl, resolveOrNull } from './resolve-url';
import { EntrySchema, plainlyValidEntry, type EntryField } from './schema';
import type { EntryStatus, IndexContext, IndexEntry, Problem } from './types';

const FIELD_RULES: Record<EntryField, { spec: FindingSpec; problem: (v: unknown) => Problem | null }> = {
  name: { spec: C['bad-name'], problem: nameProblem },
  description: { spec: C['bad-description'], problem: descriptionProblem },
  url: { spec: C['bad-url'], problem: urlProblem },
  digest: { spec: C['bad-digest'], problem: digestProblem },
};

/** A field named like this instead of `digest` is the same mistake every time (agent-skills-index §6). */
const MISNAMED_DIGEST = 'sha256';

export interface CheckedEntry {
  entry: IndexEntry;
  findings: Finding[];
  /** Keys a finding here already explains, so they are not also reported as unknown. */
  explained: string[];
}

/**
 * An entry as written. Entries that are only listed (`skipped`: index not processed or unknown
 * type; `not-checked`: past the cap, of which at most `OVER_CAP_LISTED` are listed) get their URL
 * resolved quietly, so the report shows where they live. `pending` entries are resolved by
 * `checkEntry`, with findings.
 */
export function listEntry(value: unknown, position: number, ctx: IndexContext, status: EntryStatus, reason?: string): IndexEntry {
  const rawUrl = readString(value, 'url');
  const listed = status === 'skipped' || status === 'not-checked';
  const resolve = listed && rawUrl !== null && rawUrl.replace(URL_EDGE_SPACE, '') !== '';
  const url = resolve ? resolveOrNull(rawUrl, ctx.document) : null;
  const path = [...ctx.pathPrefix, 'skills', position];
  const entry: IndexEntry = {
    position,
    path,
    name: readString(value, 'name'),
    description: readString(value, 'description'),
    type: readString(value, 'type'),
    rawUrl,
    url,
    digest: readString(value, 'digest'),
    status,
  };
  if (reason !== undefined) entry.reason = reason;
  return entry;
}

function readString(value: unknown, key: string): string | null {
  const v = isObject(value) ? own(value, key) : undefined;
  return typeof v === 'string' ? v : null;
}

/** Validates one v0.2.0 entry on its own (one bad entry never sinks the rest). */
export function checkEntry(value: unknown, position: number, ctx: IndexContext): CheckedEntry {
  const entry = listEntry(value, position, ctx, 'pending');
  const findings: Finding[] = [];
  const explained: string[] = [];
  const { document } = ctx;

  if (!isObject(value)) {
    findings.push(entryFinding(entry, document, C['entry-not-object'], { message: `The entry is ${kindOf(value)}, not an object.` }));
    return finish(entry, findings, explained);
  }
  const type = checkType(own(value, 'type'));
  if (type.kind === 'unknown') {
    // The RFC says skip and warn: fields of a type we don't know may follow other rules.
    findings.push(entryFinding(entry, document, C['unknown-type'], type.problem, 'type'));
    return { entry: listEntry(value, position, ctx, 'skipped', `unknown type ${quote(entry.type ?? '', 40)}`), findings, explained: [] };
  }
  if (type.kind === 'invalid') findings.push(entryFinding(entry, document, C['missing-type'], type.problem, 'type'));

  // Only which fields failed is read here (at most four); the wording comes from FIELD_RULES.
  const failed = plainlyValidEntry(value) ? NONE_FAILED : failedFields(value);
  for (const field of Object.keys(FIELD_RULES) as EntryField[]) {
    if (!failed.has(field)) continue;
    const raw = own(value, field);
    if (field === 'digest' && raw === undefined && own(value, MISNAMED_DIGEST) !== undefined) {
      explained.push(MISNAMED_DIGEST);
      const message = `The digest is in a field named \`${MISNAMED_DIGEST}\`; it must be called \`digest\`.`;
      findings.push(entryFinding(entry, document, C['digest-field-misnamed'], { message }, MISNAMED_DIGEST));
      continue;
    }
    const rule = FIELD_RULES[field];
    findings.push(entryFinding(entry, document, rule.spec, rule.problem(raw) ?? { message: `\`${field}\` is not valid.` }, field));
  }
  if (!failed.has('url') && entry.rawUrl !== null) {
    const resolved = resolveEntryUrl(entry.rawUrl, ctx);
    entry.url = resolved.url;
    for (const note of resolved.notes) findings.push(entryFinding(entry, document, note.spec, { message: note.message }, 'url'));
  }
  return finish(entry, findings, explained);
}

/** A finding about the entry, at `field` inside it (the entry itself when there is none). */
function entryFinding(entry: IndexEntry, document: string, spec: FindingSpec, p: Problem, field?: string): Finding {
  const path = jsonPath(field === undefined ? entry.path : [...entry.path, field]);
  const where = { document, path, hint: p.hint, ...(entry.name ? { skill: entry.name } : {}) };
  return finding(spec, p.message, where);
}

const NONE_FAILED: ReadonlySet<unknown> = new Set();

function failedFields(value: object): ReadonlySet<unknown> {
  const parsed = EntrySchema.safeParse(value);
  return new Set(parsed.success ? [] : parsed.error.issues.map((i) => i.path[0]));
}

function finish(entry: IndexEntry, findings: Finding[], explained: string[]): CheckedEntry {
  const error = findings.find((f) => f.severity === 'error');
  if (error) return { entry: { ...entry, status: 'invalid', reason: error.message }, findings, explained };
  return { entry, findings, explained };
}
