/**
 * `survey --baseline <results.jsonl>`: each site's line of an earlier survey, to say what changed
 * per site (D13). Lines carry a fingerprint (or, from `--full`, the whole report); a line without
 * either, or not one of ours, is passed over.
 */
import { changesBetween, changesToJson, fingerprint, reportSource, type SiteFingerprint } from '../../utils/engine/changes';
import { readUserFile, type Read } from '../baseline';
import { ENGLISH } from '../english';
import type { SurveyLine } from './result';

export type SurveyBaseline = Map<string, { checkedAt: string | null; fingerprint: SiteFingerprint; unreadable: boolean }>;

export async function readSurveyBaseline(path: string): Promise<Read<SurveyBaseline>> {
  const file = await readUserFile(path);
  if (!file.ok) return file;
  const sites: SurveyBaseline = new Map();
  for (const text of file.value.split('\n')) {
    let line: Partial<SurveyLine>;
    try {
      line = JSON.parse(text) as Partial<SurveyLine>;
    } catch {
      continue;
    }
    if (typeof line !== 'object' || line === null || typeof line.site !== 'string') continue;
    const source = line.report ? reportSource(line.report) : null;
    const print = isFingerprint(line.fingerprint) ? line.fingerprint : source ? fingerprint(source) : null;
    if (print === null) continue;
    const checkedAt = typeof line.checkedAt === 'string' ? line.checkedAt : (source?.checkedAt ?? null);
    sites.set(line.site, { checkedAt, fingerprint: print, unreadable: line.state === 'unreadable' });
  }
  if (sites.size === 0) return { ok: false, message: `${path} holds no survey results to compare with.` };
  return { ok: true, value: sites };
}

/** Adds `changes` to a site's line when the baseline has that site and both checks read it. */
export function addChanges(line: SurveyLine, baseline: SurveyBaseline): void {
  const earlier = baseline.get(line.site);
  if (!earlier || !line.fingerprint) return;
  line.baseline = { checkedAt: earlier.checkedAt };
  const comparable = !earlier.unreadable && line.state !== 'unreadable';
  line.changes = comparable ? changesToJson(changesBetween(earlier.fingerprint, line.fingerprint), ENGLISH) : [];
}

function isFingerprint(v: unknown): v is SiteFingerprint {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Record<string, unknown>;
  const record = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x);
  return (
    typeof f.poppy === 'boolean' &&
    record(f.skills) &&
    record(f.scopes) &&
    Array.isArray(f.apis) &&
    Array.isArray(f.excludedTasks) &&
    Object.values(f.skills as object).every(record)
  );
}
