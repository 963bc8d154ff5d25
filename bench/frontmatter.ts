// SKILL.md frontmatter against the YAML families that once cost the parser seconds (docs/security.md):
// the time to check one verified file per family and size, the growth per doubling (target: 2×
// input ≤ 2.5× time), and the same files given to the parser with no budget, for contrast.
import { parseDocument } from 'yaml';
import { checkSkillMd } from '../utils/engine/skill-md';
import { FRONTMATTER_LIMITS } from '../utils/engine/spec';

/** Hostile frontmatter families, each growing to about `n` characters after a valid name and description. */
export const FAMILIES: Record<string, (n: number) => string> = {
  'many keys': (n) => lines(n, (i) => `k${i}: v`),
  aliases: (n) => `base: &a x\n${lines(n, (i) => `b${i}: *a`)}`,
  'merge keys': (n) => `base: &b {x: 1}\n${lines(n, (i) => `m${i}: {<<: *b}`)}`,
  anchors: (n) => lines(n, (i) => `k${i}: &a${i} v`),
  'flow nesting (n/2 deep)': (n) => `metadata: ${'['.repeat(n / 2)}${']'.repeat(n / 2)}`,
  '`: : : [`': (n) => ': : : ['.repeat(Math.ceil(n / 7)).slice(0, n),
  '`: ` errors': (n) => ': '.repeat(n / 2),
};

function lines(n: number, line: (i: number) => string): string {
  const out: string[] = [];
  for (let i = 0, size = 0; size < n; i++) {
    out.push(line(i));
    size += out[out.length - 1]!.length + 1;
  }
  return out.join('\n');
}

/** 512 B to the 1 MiB SKILL.md cap, doubling: the cap on frontmatter bytes sits in the middle. */
const SIZES = Array.from({ length: 12 }, (_, i) => 512 * 2 ** i);
const encoder = new TextEncoder();

export function skillFile(yaml: string): Uint8Array {
  return encoder.encode(`---\nname: bench\ndescription: A hostile frontmatter.\n${yaml}\n---\n\n# Bench\n`);
}

/** CPU milliseconds of this process: other work on a busy machine does not count, unlike wall time. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** CPU milliseconds per call: the best of five rounds, each long enough (≥ 30 ms) for the clock. */
function timePerCall(fn: () => void): number {
  for (let i = 0; i < 3; i++) fn();
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    let calls = 0;
    const start = cpuMs();
    do {
      fn();
      calls++;
    } while (cpuMs() - start < 30);
    best = Math.min(best, (cpuMs() - start) / calls);
  }
  return best;
}

const ctx = { document: 'https://bench.example/SKILL.md', indexName: 'bench', indexDescription: 'A hostile frontmatter.' };
const fmt = (ms: number) => (ms < 1 ? ms.toFixed(3) : ms.toFixed(1)).padStart(7);
const sizeLabel = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${+(n / 1024).toFixed(1)}K` : `${+(n / (1024 * 1024)).toFixed(1)}M`;

export function benchFrontmatter(): string[] {
  const out = [
    `one verified SKILL.md checked (CPU ms) by frontmatter size; the budget: ${FRONTMATTER_LIMITS.bytes / 1024} KiB, ${FRONTMATTER_LIMITS.tokens} YAML tokens, flow depth ${FRONTMATTER_LIMITS.flowDepth}`,
    `${'family'.padEnd(24)}${SIZES.map((n) => sizeLabel(n).padStart(7)).join('')}   2× growth   largest parsed: size, ms`,
  ];
  let worstGrowth = 0;
  let slowest = 0;
  const files = Object.entries(FAMILIES).map(([name, family]) => [name, family, SIZES.map((n) => skillFile(family(n)))] as const);
  // Warm every path up first (the JIT's tiers): the first family measured must not pay for it.
  for (const [, , bytes] of files) for (const file of bytes) for (let i = 0; i < 20; i++) checkSkillMd(file, ctx);
  for (const [name, family, bytes] of files) {
    const times = bytes.map((file) => timePerCall(() => checkSkillMd(file, ctx)));
    // Growth per doubling fitted from 16 KiB to 1 MiB (six doublings, all past the budget):
    // single steps between sub-millisecond figures are mostly clock noise.
    const from = SIZES.indexOf(16384);
    const growth = (times.at(-1)! / times[from]!) ** (1 / (SIZES.length - 1 - from));
    const largest = largestParsed(family);
    const atBudget = timePerCall(() => checkSkillMd(largest, ctx));
    worstGrowth = Math.max(worstGrowth, growth);
    slowest = Math.max(slowest, atBudget, ...times);
    out.push(
      `${name.padEnd(24)}${times.map(fmt).join('')}   ${growth.toFixed(2).padStart(6)}x   ${sizeLabel(largest.byteLength).padStart(6)} ${fmt(atBudget)}`,
    );
  }
  out.push(`growth per doubling, worst family: ${worstGrowth.toFixed(2)}x (target ≤ 2.5x); slowest file: ${slowest.toFixed(2)} ms`);
  out.push(`200 such files: at most ${((slowest * 200) / 1000).toFixed(2)} s of checking in one site's check`);
  out.push(...withoutBudget());
  return out;
}

/** The largest file of a family that the budget still lets the parser read (a binary search on size). */
function largestParsed(family: (n: number) => string): Uint8Array {
  const refused = (file: Uint8Array) =>
    checkSkillMd(file, ctx).findings.some(
      (f) => f.code === 'skill-md-frontmatter-too-large' || f.code === 'skill-md-frontmatter-too-complex',
    );
  let lo = 16;
  let hi = FRONTMATTER_LIMITS.bytes;
  while (hi - lo > 8) {
    const mid = Math.floor((lo + hi) / 2);
    if (refused(skillFile(family(mid)))) hi = mid;
    else lo = mid;
  }
  return skillFile(family(lo));
}

/** The same families handed straight to the parser, as before the budget (32 KiB, and 15 000 deep). */
function withoutBudget(): string[] {
  const options = { version: '1.2', schema: 'core', merge: false, uniqueKeys: true, prettyErrors: false } as const;
  const cases: [string, string][] = [
    ['`: : : [` 32 KiB', FAMILIES['`: : : [`']!(32768)],
    ['many keys 32 KiB', FAMILIES['many keys']!(32768)],
    ['15 000-deep flow nesting', `metadata: ${'['.repeat(15000)}${']'.repeat(15000)}`],
  ];
  return cases.map(([name, yaml]) => {
    let ms: number;
    try {
      ms = timePerCall(() => parseDocument(yaml, options));
    } catch {
      ms = NaN;
    }
    const file = skillFile(yaml);
    const checked = timePerCall(() => checkSkillMd(file, ctx));
    return `no budget, the parser alone: ${name.padEnd(26)} ${fmt(ms)} ms per file; with the budget ${fmt(checked)} ms`;
  });
}
