import type { PoppyModel, SkillReport } from '../report/report';

/** One skill as the memory keeps it: the digest the site published, where it is, and how it checked. */
export interface SkillMark {
  digest: string | null;
  url: string | null;
  status: string;
}

export interface ApiMark {
  type: string;
  url: string | null;
  resource: string | null;
}

/**
 * What a site publishes that matters for trust (D13): enough to say what changed at the next
 * check, small enough to keep for a thousand sites. Plain JSON, so it is stored and read back as is.
 */
export interface SiteFingerprint {
  /** Whether poppy.json was read; its fields below are empty when not. */
  poppy: boolean;
  issuer: string | null;
  domain: string | null;
  /** Scope names offered per sign-in type, sorted. */
  scopes: Record<string, string[]>;
  apis: ApiMark[];
  excludedTasks: string[];
  /** By the entry's name. */
  skills: Record<string, SkillMark>;
  /** False when our skill cap left entries out of the report (D5): a name missing from a list cut
   *  short is not a skill removed, nor one "added" when a later check reads past the cap.
   *  Absent in what earlier releases kept: read as whole. */
  skillsWhole?: boolean;
}

/** The fields a fingerprint reads: a `Report` has them, and so does an earlier `--json` report. */
export interface FingerprintSource {
  poppy: Pick<PoppyModel, 'issuer' | 'organization' | 'signInTypes' | 'apis' | 'excludedTasks'> | null;
  skills: readonly Pick<SkillReport, 'name' | 'url' | 'status' | 'expectedDigest' | 'actualDigest'>[];
  /** Entries our cap left out of `skills`, when any. */
  cap?: { unlisted: number } | null;
}

export function fingerprint(report: FingerprintSource): SiteFingerprint {
  const p = report.poppy;
  const scopes: Record<string, string[]> = {};
  for (const s of p?.signInTypes ?? []) scopes[s.type] = [...new Set(s.scopes.map((x) => x.name))].sort();
  const skills: Record<string, SkillMark> = {};
  for (const s of report.skills) skills[s.name] = { digest: s.expectedDigest ?? s.actualDigest, url: s.url, status: s.status };
  return {
    poppy: p !== null,
    issuer: p?.issuer ?? null,
    domain: p?.organization.domain ?? null,
    scopes,
    apis: (p?.apis ?? []).map((a) => ({ type: a.type, url: a.url, resource: a.resource })),
    excludedTasks: [...(p?.excludedTasks ?? [])],
    skills,
    skillsWhole: (report.cap?.unlisted ?? 0) === 0,
  };
}
