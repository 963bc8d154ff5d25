// The archive lister's problems: a stable code (codes.ts), its severity, the entry it is about and
// its values in the order the code names them. The words are the catalog's, keyed by code
// (docs/architecture.md, "Findings and words"); `toFinding` in ./findings.ts makes them findings.

import type { Severity } from '../spec';
import type { Words } from '../report/words';
import { ARCHIVE_CODES, type ArchiveCode } from './codes';

type Says<C extends ArchiveCode> = (typeof ARCHIVE_CODES)[C]['says'];
/** A code with `archive` and `entry` sentences takes the `archive` one's values; the entry is `add`'s own argument. */
type NamesOf<C extends ArchiveCode> =
  Says<C> extends { sentence: { names: infer N extends readonly string[] } }
    ? N
    : Says<C> extends { archive: { sentence: { names: infer N extends readonly string[] } } }
      ? N
      : never;
/** One value per name the code's sentence declares, in its order: TypeScript checks the count. */
export type ProblemParams<C extends ArchiveCode> = ValuesOf<NamesOf<C>>;
type ValuesOf<N extends readonly string[]> = { readonly [K in keyof N]: string | number };

export interface ArchiveProblem {
  readonly code: ArchiveCode;
  readonly severity: Severity;
  /** The entry's name as the archive spells it (display form), when the problem is about one. */
  readonly entry?: string;
  /** The sentence's values as text, in the order the code names them. */
  readonly params: readonly string[];
  /** A fix that depends on the case (one of the code's `fixes`), instead of its own hint. */
  readonly hint?: Words;
}

/** Collects problems; past a per-code cap it only counts, so a hostile archive cannot flood a report. */
export class ProblemSink {
  readonly list: ArchiveProblem[] = [];
  private readonly counts = new Map<ArchiveCode, number>();

  constructor(private readonly perCode: number) {}

  add<C extends ArchiveCode>(code: C, params: ProblemParams<C>, entry?: string, hint?: Words): void {
    const seen = (this.counts.get(code) ?? 0) + 1;
    this.counts.set(code, seen);
    if (seen > this.perCode) return;
    const problem: ArchiveProblem = {
      code,
      severity: ARCHIVE_CODES[code].severity,
      params: (params as readonly (string | number)[]).map(String),
      ...(entry === undefined ? {} : { entry }),
      ...(hint === undefined ? {} : { hint }),
    };
    this.list.push(problem);
  }

  has(code: ArchiveCode): boolean {
    return this.counts.has(code);
  }

  /** The problems, with one `archive-problems-elided` per code that went past the cap. */
  finish(): ArchiveProblem[] {
    for (const [code, count] of [...this.counts]) {
      if (count > this.perCode) this.add('archive-problems-elided', [count - this.perCode, code]);
    }
    return this.list;
  }
}
