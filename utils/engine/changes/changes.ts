import type { ApiMark, SiteFingerprint, SkillMark } from './fingerprint';
import { lineDiff, type LineDiff } from './line-diff';

/** The fingerprint of an earlier check, and when that check ran (ISO 8601). */
export type EarlierFingerprint = SiteFingerprint & { checkedAt: string };

/**
 * One thing a site publishes differently from the earlier check (D13). A change is news, not a
 * finding: a rewritten skill whose new digest verifies is fine; one that does not match stays an
 * error through the check's own findings.
 */
export type Change =
  | { kind: 'skill-added'; skill: string; after: SkillMark }
  | { kind: 'skill-removed'; skill: string; before: SkillMark }
  | { kind: 'skill-changed'; skill: string; before: SkillMark; after: SkillMark; diff?: LineDiff }
  /** Loud: the change an impersonator would make, and one that signs every user out. */
  | { kind: 'issuer-changed'; loud: true; before: string | null; after: string | null }
  | { kind: 'domain-changed'; before: string | null; after: string | null }
  | { kind: 'scopes-added'; signIn: string; scopes: string[] }
  | { kind: 'scopes-removed'; signIn: string; scopes: string[] }
  | { kind: 'excluded-task-removed'; task: string }
  | { kind: 'excluded-task-added'; task: string }
  | { kind: 'api-moved'; type: string; before: ApiMark; after: ApiMark }
  | { kind: 'api-added'; api: ApiMark }
  | { kind: 'api-removed'; api: ApiMark };

export type ChangeKind = Change['kind'];

/** The kept SKILL.md text of a digest, when the memory has it (a line diff needs both). */
export type TextOf = (digest: string) => string | null;

/**
 * What changed from `before` to `after`, the issuer first (it is the loud one), then the other
 * poppy.json fields, then the skills in name order. Poppy.json fields are compared only when both
 * checks read it, so a site that did not answer is not read as "everything removed".
 */
export function changesBetween(before: EarlierFingerprint | SiteFingerprint, after: SiteFingerprint, textOf?: TextOf): Change[] {
  const out: Change[] = [];
  if (before.poppy && after.poppy) {
    if (before.issuer !== after.issuer) out.push({ kind: 'issuer-changed', loud: true, before: before.issuer, after: after.issuer });
    if (before.domain !== after.domain) out.push({ kind: 'domain-changed', before: before.domain, after: after.domain });
    for (const signIn of [...new Set([...Object.keys(before.scopes), ...Object.keys(after.scopes)])].sort()) {
      const was = new Set(before.scopes[signIn] ?? []);
      const now = new Set(after.scopes[signIn] ?? []);
      const added = [...now].filter((s) => !was.has(s));
      const removed = [...was].filter((s) => !now.has(s));
      if (added.length > 0) out.push({ kind: 'scopes-added', signIn, scopes: added });
      if (removed.length > 0) out.push({ kind: 'scopes-removed', signIn, scopes: removed });
    }
    const wasExcluded = new Set(before.excludedTasks);
    const nowExcluded = new Set(after.excludedTasks);
    for (const task of before.excludedTasks) if (!nowExcluded.has(task)) out.push({ kind: 'excluded-task-removed', task });
    for (const task of after.excludedTasks) if (!wasExcluded.has(task)) out.push({ kind: 'excluded-task-added', task });
    out.push(...apiChanges(before.apis, after.apis));
  }
  const names = [...new Set([...Object.keys(before.skills), ...Object.keys(after.skills)])].sort();
  for (const skill of names) {
    const was = before.skills[skill];
    const now = after.skills[skill];
    // Past our cap a name is unknown, not absent: only a whole list says a skill came or went.
    if (was === undefined && now !== undefined) {
      if (before.skillsWhole !== false) out.push({ kind: 'skill-added', skill, after: now });
    } else if (was !== undefined && now === undefined) {
      if (after.skillsWhole !== false) out.push({ kind: 'skill-removed', skill, before: was });
    } else if (was && now && (was.digest !== now.digest || was.url !== now.url)) {
      const oldText = was.digest && textOf ? textOf(was.digest) : null;
      const newText = now.digest && textOf ? textOf(now.digest) : null;
      const change: Change = { kind: 'skill-changed', skill, before: was, after: now };
      if (oldText !== null && newText !== null && was.digest !== now.digest) change.diff = lineDiff(oldText, newText);
      out.push(change);
    }
  }
  return out;
}

/** APIs are the same API when their URL is; the rest pair up by type in order (moved), or stand alone. */
function apiChanges(before: readonly ApiMark[], after: readonly ApiMark[]): Change[] {
  const out: Change[] = [];
  const key = (a: ApiMark) => `${a.type}\u0000${a.url}`;
  const afterKeys = new Set(after.map(key));
  const beforeKeys = new Set(before.map(key));
  const gone = before.filter((a) => !afterKeys.has(key(a)));
  const fresh = after.filter((a) => !beforeKeys.has(key(a)));
  for (const a of before) {
    const same = after.find((b) => key(b) === key(a));
    if (same && same.resource !== a.resource) out.push({ kind: 'api-moved', type: a.type, before: a, after: same });
  }
  for (const a of gone) {
    const i = fresh.findIndex((b) => b.type === a.type);
    if (i >= 0) out.push({ kind: 'api-moved', type: a.type, before: a, after: fresh.splice(i, 1)[0]! });
    else out.push({ kind: 'api-removed', api: a });
  }
  for (const b of fresh) out.push({ kind: 'api-added', api: b });
  return out;
}
