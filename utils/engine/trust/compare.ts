/** The comparisons of the trust chain, as data (`TrustCheck`) and the finding each failure makes. */
import { finding, jsonPath, productionOnly, type Finding, type Said } from '../report/findings';
import { clip, quote } from '../json/values';
import { isLocalHost } from '../net/url-policy';
import type { TrustCheck } from './types';

/** Lists in the report are cut: a hostile document must not make a huge report. */
const LIST_SHOWN = 10;
const VALUE_MAX = 300;

/** A document's value as the report shows it: a string, a list of strings (cut), or null when missing or not text. */
export function shown(value: unknown): string | string[] | null {
  if (typeof value === 'string') return clip(value, VALUE_MAX);
  if (Array.isArray(value))
    return value.slice(0, LIST_SHOWN).map((v) => (typeof v === 'string' ? clip(v, VALUE_MAX) : (JSON.stringify(v) ?? '')));
  return null;
}

/** The 1-based position of the first character where two strings differ (code points). */
export function firstDifference(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i + 1;
}

/** The strings of an array value, or null when it is no array. */
export function stringsOf(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
}

/** Site text inside a message: quoted, invisible characters shown, cut. */
export const q = (text: string) => quote(text);
export const qList = (items: readonly string[]) => items.slice(0, LIST_SHOWN).map(q).join(', ') || '[]';

/** Collects the checks of one document and the findings of those that fail. */
export class LinkChecks {
  readonly checks: TrustCheck[] = [];
  readonly findings: Finding[] = [];
  constructor(
    private readonly document: string,
    private readonly local: boolean,
  ) {}

  add(check: TrustCheck, failure: Said | null): void {
    this.checks.push(check);
    if (!check.ok && failure) this.findings.push(finding(failure, { document: this.document, path: jsonPath([check.field]) }));
  }

  /** A failed check that only 1.0 makes an error (D10): the warning's finding, and the link still holds. */
  warn(check: TrustCheck & { from1: true }, said: Said): void {
    this.checks.push(check);
    this.findings.push(finding(said, { document: this.document, path: jsonPath([check.field]) }));
  }

  /** An endpoint that must be an https URL; on a local site plain http to a local host is info (D8). */
  https(field: string, value: unknown, missing: Said, notHttps: (url: string) => Said): void {
    const actual = shown(value);
    if (typeof value !== 'string') return this.add({ field, rule: 'https', expected: null, actual, ok: false }, missing);
    const url = URL.canParse(value) ? new URL(value) : null;
    if (url?.protocol === 'https:') return this.add({ field, rule: 'https', expected: null, actual, ok: true }, null);
    if (this.local && url?.protocol === 'http:' && isLocalHost(url.hostname)) {
      this.checks.push({ field, rule: 'https', expected: null, actual, ok: false, productionOnly: true });
      this.findings.push(
        finding(productionOnly(notHttps(q(value))), { document: this.document, path: jsonPath([field]), severity: 'info' }),
      );
      return;
    }
    this.add({ field, rule: 'https', expected: null, actual, ok: false }, notHttps(q(value)));
  }

  /** Whether every check holds (production-only ones on a local site, and 0.x warnings, count as holding). */
  get holds(): boolean {
    return this.checks.every((c) => c.ok || c.productionOnly || c.from1);
  }
}
