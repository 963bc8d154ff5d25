/**
 * Property-based tests of the parsers that meet hostile bytes (docs/security.md): `*.fuzz.test.ts`
 * beside each subject's tests. `npm test` runs a short pass (seconds); `npm run fuzz` a long one
 * (FUZZ_RUNS runs a property). A failure prints fast-check's seed and shrunk counterexample:
 * FUZZ_SEED=<seed> replays it.
 */
import type { Parameters } from 'fast-check';
import { expect } from 'vitest';
import type { Finding } from '../../utils/engine/report/findings';
import type { Words } from '../../utils/engine/report/words';
import { SEVERITIES } from '../../utils/engine/spec';
import { CATALOG } from './english';

const runs = Number(process.env.FUZZ_RUNS);
const seed = Number(process.env.FUZZ_SEED);
const long = Number.isInteger(runs) && runs > 0;

/** fast-check's settings for one property: `short` runs in `npm test`, FUZZ_RUNS in `npm run fuzz`. */
export function fuzzRuns<T>(short: number): Parameters<T> {
  return { numRuns: long ? runs : short, ...(Number.isInteger(seed) ? { seed } : {}) };
}

/** A property's time limit: generous in `npm test`, none in the long pass. */
export const FUZZ_TIMEOUT = long ? 0 : 60_000;

/** Whether the English catalog has the sentence `words` names (its plain key or a plural form). */
function known(words: Words): boolean {
  return [words.key, `${words.key}_one`, `${words.key}_other`].some((key) => key in CATALOG);
}

/** Findings any reader can show: a known severity, a kebab-case code, a message and hint in the catalog. */
export function expectWellFormed(findings: readonly Finding[]): void {
  for (const f of findings) {
    expect(SEVERITIES).toContain(f.severity);
    expect(f.code).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(known(f.message), `${f.code}: ${f.message.key}`).toBe(true);
    expect(known(f.hint), `${f.code}: ${f.hint.key}`).toBe(true);
  }
}
