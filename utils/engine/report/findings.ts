import type { ProtocolVersions, Severity } from '../spec';
import { sentence, type Param, type Sentence, type Values, type Words } from './words';

/**
 * A finding (docs/architecture.md, "Findings and words"): what went wrong, where, and how to fix
 * it, as words each reader renders in their own language. The same findings drive the panel, the
 * exported reports and the command line.
 */
export interface Finding {
  severity: Severity;
  /** Stable kebab-case code; tests and users may rely on it. */
  code: string;
  /** URL of the document the finding is about, or null for the site as a whole. */
  document: string | null;
  /** JSON path inside that document (`$.skill_index.skills[2].digest`), or null. */
  path: string | null;
  /** One line: what is wrong (a `finding_…` sentence and its values). */
  message: Words;
  /** One line: how to fix it (a `hint_…` sentence and its values). */
  hint: Words;
  /** The index entry this finding belongs to, when there is one. */
  skill?: string;
  /** About a limit of ours (a cap, privacy keeping another host unasked), not a fault of the
   *  site: shown, but it never moves the verdict (D5). */
  ourLimit?: true;
}

/** Placeholder names of a sentence the code owns, or a sentence shared with other codes. */
type SentenceDeclaration = readonly string[] | Sentence;

/** How a module declares one code; see docs/architecture.md, "Findings and words". */
export interface CodeDeclaration {
  severity: Severity;
  /** `finding_<code>` (its placeholder names), or several sentences by name: `finding_<code>__<name>`. */
  says: SentenceDeclaration | Readonly<Record<string, SentenceDeclaration>>;
  /** The values of `hint_<code>`'s placeholders (limits, field names, URIs from spec.ts), or a shared hint. */
  hint?: Readonly<Record<string, Param | number>> | Sentence<readonly []>;
  /** Fixes that depend on the case, by name: `hint_<code>__<name>`, or shared sentences. */
  fixes?: Readonly<Record<string, SentenceDeclaration>>;
  /** The finding is about our limits, not the site (`Finding.ourLimit`). */
  ourLimit?: true;
  /** The protocol versions whose documents the rule applies to (docs/codes.md); absent: any document. */
  versions?: ProtocolVersions;
}

export interface FindingSpec {
  readonly code: string;
  readonly severity: Severity;
  /** The code's own fix, its values filled in. */
  readonly hint: Words;
  readonly ourLimit?: true;
  readonly versions?: ProtocolVersions;
}

/** A code's sentence, filled: what `finding()` turns into a finding. */
export interface Said {
  readonly spec: FindingSpec;
  readonly message: Words;
}

type NamesOf<S> = S extends Sentence<infer N> ? N : S extends readonly string[] ? S : never;
type Speaker<S> = ((values: Values<NamesOf<S>>) => Said) & { readonly sentence: Sentence<NamesOf<S>> };
type SaysOf<S> = S extends SentenceDeclaration ? Speaker<S> : { readonly [K in keyof S]: Speaker<S[K]> };
type FixesOf<F> = { readonly [K in keyof F]: Sentence<NamesOf<F[K]>> };

export type CodeSpec<D extends CodeDeclaration> = FindingSpec & {
  readonly says: SaysOf<D['says']>;
  readonly fixes: FixesOf<NonNullable<D['fixes']>>;
};

/** `bad-name` → `bad_name`, `tooLong` → `too_long`: catalog keys allow only [A-Za-z0-9_@]. */
export function keyPart(name: string): string {
  return name.replace(/-/g, '_').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function declared(key: string, declaration: SentenceDeclaration): Sentence {
  return typeof declaration === 'function' ? declaration : sentence(key, declaration);
}

function isSingle(says: CodeDeclaration['says']): says is SentenceDeclaration {
  return typeof says === 'function' || Array.isArray(says);
}

/**
 * Declares a module's finding codes (the keys are the kebab-case codes themselves) with their
 * sentences. tests/engine/report/catalog.test.ts checks every sentence against the English catalog.
 */
export function defineCodes<const T extends Readonly<Record<string, CodeDeclaration>>>(
  table: T,
): { readonly [K in keyof T & string]: CodeSpec<T[K]> } {
  const out: Record<string, unknown> = {};
  for (const [code, decl] of Object.entries(table)) {
    const base = keyPart(code);
    const hint = typeof decl.hint === 'function' ? decl.hint({}) : sentence(`hint_${base}`, Object.keys(decl.hint ?? {}))(decl.hint ?? {});
    const spec: FindingSpec = {
      code,
      severity: decl.severity,
      hint,
      ...(decl.ourLimit ? { ourLimit: true as const } : {}),
      ...(decl.versions ? { versions: decl.versions } : {}),
    };
    // The sentence stays reachable from its speaker, so tests can walk the tables.
    const speaker = (s: Sentence) =>
      Object.assign((values: Values<readonly string[]>): Said => ({ spec, message: s(values) }), { sentence: s });
    const says = isSingle(decl.says)
      ? speaker(declared(`finding_${base}`, decl.says))
      : Object.fromEntries(Object.entries(decl.says).map(([name, d]) => [name, speaker(declared(`finding_${base}__${keyPart(name)}`, d))]));
    const fixes = Object.fromEntries(
      Object.entries(decl.fixes ?? {}).map(([name, d]) => [name, declared(`hint_${base}__${keyPart(name)}`, d)]),
    );
    out[code] = Object.freeze({ ...spec, says, fixes });
  }
  return Object.freeze(out) as { readonly [K in keyof T & string]: CodeSpec<T[K]> };
}

export interface FindingWhere {
  document?: string | null;
  path?: string | null;
  skill?: string;
  /** Overrides the code's default, e.g. D8 turns production-only errors into info locally. */
  severity?: Severity;
  /** Overrides the code's own hint when the fix depends on the case (one of its `fixes`). */
  hint?: Words;
}

export function finding(said: Said, where: FindingWhere = {}): Finding {
  const f: Finding = {
    severity: where.severity ?? said.spec.severity,
    code: said.spec.code,
    document: where.document ?? null,
    path: where.path ?? null,
    message: said.message,
    hint: where.hint ?? said.spec.hint,
  };
  if (where.skill !== undefined) f.skill = where.skill;
  if (said.spec.ourLimit) f.ourLimit = true;
  return f;
}

const PRODUCTION_ONLY = sentence('finding_production_only', ['problem']);

/** D8: on a local site, what only production enforces is said as "Would fail in production: …" (info). */
export function productionOnly(said: Said): Said {
  return { spec: said.spec, message: PRODUCTION_ONLY({ problem: said.message }) };
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
