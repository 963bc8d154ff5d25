import type { Severity } from '../spec';

/**
 * A finding (Decision D4): what went wrong, where, and how to fix it. The same findings drive
 * the panel, the exported report and the command line.
 */
export interface Finding {
  severity: Severity;
  /** Stable kebab-case code; tests and users may rely on it. */
  code: string;
  /** URL of the document the finding is about, or null for the site as a whole. */
  document: string | null;
  /** JSON path inside that document (`$.skill_index.skills[2].digest`), or null. */
  path: string | null;
  /** One line: what is wrong. */
  message: string;
  /** One line: how to fix it. */
  hint: string;
  /** The index entry this finding belongs to, when there is one. */
  skill?: string;
}

/** A code's fixed part: every module declares its codes with `defineCodes`. */
export interface FindingSpec {
  code: string;
  severity: Severity;
  hint: string;
}

type CodeTable = Record<string, { severity: Severity; hint: string }>;

/** Declares a module's finding codes; keys are the kebab-case codes themselves. */
export function defineCodes<T extends CodeTable>(table: T): { [K in keyof T & string]: FindingSpec } {
  const out = {} as { [K in keyof T & string]: FindingSpec };
  for (const code of Object.keys(table) as (keyof T & string)[]) {
    out[code] = { code, ...table[code]! };
  }
  return Object.freeze(out);
}

export interface FindingWhere {
  document?: string | null;
  path?: string | null;
  skill?: string;
  /** Overrides the code's default, e.g. D8 turns production-only errors into info locally. */
  severity?: Severity;
  /** Overrides the code's default hint when the fix depends on the case. */
  hint?: string;
}

export function finding(spec: FindingSpec, message: string, where: FindingWhere = {}): Finding {
  const f: Finding = {
    severity: where.severity ?? spec.severity,
    code: spec.code,
    document: where.document ?? null,
    path: where.path ?? null,
    message,
    hint: where.hint ?? spec.hint,
  };
  if (where.skill !== undefined) f.skill = where.skill;
  return f;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `['skill_index', 'skills', 2, 'allowed-tools']` → `$.skill_index.skills[2]["allowed-tools"]`. */
export function jsonPath(segments: readonly (string | number)[]): string {
  let out = '$';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (IDENTIFIER.test(s)) out += `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

/** Ordering used everywhere findings are listed: errors first, then warnings, then info. */
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
}
