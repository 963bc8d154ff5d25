// Parse-time growth of the SKILL.md preview on the shapes that made the previous parser quadratic
// (docs/security.md): each family at 10 K, 20 K, 40 K and 100 K characters, and the time ratio per
// doubling of the input (from 40 K to 100 K, 2.5× input, normalised to a doubling). Linear work
// doubles; the target is ≤ 2.5× per doubling. Figures, never a pass/fail timing test.
import { fromMarkdown } from 'mdast-util-from-markdown';
import { markdownToSafeTree } from '../utils/engine/markdown/safe-tree';

export const GROWTH_SIZES = [10_000, 20_000, 40_000, 100_000] as const;

export const PATHOLOGICAL_FAMILIES: readonly { name: string; unit: string }[] = [
  { name: 'setext headings', unit: 'a\n=\n' },
  { name: 'lazy quote lines', unit: '> a\nb\n' },
  { name: 'nested quote/list lines', unit: '> - > - >\n' },
  { name: 'long list', unit: '- a\n' },
  { name: '![ runs', unit: '![' },
  { name: '[ runs', unit: '[' },
  { name: 'unmatched *', unit: '*a' },
  { name: '[]( runs', unit: '[](' },
];

export function fill(unit: string, chars: number): string {
  return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
}

export interface GrowthRow {
  name: string;
  ms: number[];
  /** Time ratio per doubling between consecutive sizes (null once a size was skipped). */
  perDoubling: (number | null)[];
}

/**
 * Times `parse` on every family and size. Rounds interleave the sizes (a busy moment on a shared
 * machine slows every size alike) and each size keeps its fastest run, so one GC pause or one
 * neighbour's burst does not make a ratio. A first run slower than `giveUpMs` ends that family's
 * row (the old parser needs minutes at 100 K).
 */
export function measureGrowth(parse: (markdown: string) => unknown, opts: { rounds?: number; giveUpMs?: number } = {}): GrowthRow[] {
  const rounds = opts.rounds ?? 9;
  const giveUpMs = opts.giveUpMs ?? Infinity;
  return PATHOLOGICAL_FAMILIES.map(({ name, unit }) => {
    const inputs = GROWTH_SIZES.map((size) => fill(unit, size));
    // Steady state: the largest input first, so V8 has grown its heap before we time (else the
    // first size past the young generation pays for that growth, a step that is not the parser).
    if (giveUpMs === Infinity) for (let i = 0; i < 2; i++) parse(inputs.at(-1)!);
    const ms: number[] = inputs.map(() => Infinity);
    let sizes = inputs.length;
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < sizes; i++) {
        const started = performance.now();
        parse(inputs[i]!);
        const took = performance.now() - started;
        ms[i] = Math.min(ms[i]!, took);
        if (took > giveUpMs) sizes = i + 1;
      }
      if (ms[sizes - 1]! > giveUpMs) break;
    }
    const kept = ms.slice(0, sizes);
    const perDoubling = kept.slice(1).map((t, i) => Math.pow(t / kept[i]!, 1 / Math.log2(GROWTH_SIZES[i + 1]! / GROWTH_SIZES[i]!)));
    return { name, ms: kept, perDoubling };
  });
}

export function growthTable(rows: GrowthRow[]): string[] {
  const sizes = GROWTH_SIZES.map((s) => `${s / 1000} K`.padStart(11));
  const lines = [`${'family'.padEnd(24)}${sizes.join('')}   ratio per doubling (≤ 2.5)`];
  for (const row of rows) {
    const cells = GROWTH_SIZES.map((_, i) => (row.ms[i] === undefined ? '—' : `${row.ms[i]!.toFixed(1)} ms`).padStart(11));
    const ratios = row.perDoubling.map((r) => (r === null ? '—' : `${r.toFixed(2)}×`)).join(' ');
    const worst = Math.max(...row.perDoubling.map((r) => r ?? 0));
    lines.push(`${row.name.padEnd(24)}${cells.join('')}   ${ratios}${worst > 2.5 ? '  OVER' : ''}`);
  }
  return lines;
}

const SITE = 'https://flowers.example';
const BASE = `${SITE}/.well-known/agent-skills/x/SKILL.md`;

/**
 * Before: the previous parser (micromark 4 through mdast-util-from-markdown 2.1.0, which the
 * preview used before markdown-it), one run per size, a family given up past 5 s. After: the tree
 * builder the panel uses now (markdown-it), fastest of 9 runs.
 */
export async function benchMarkdownGrowth(): Promise<string[]> {
  const before = measureGrowth((s) => fromMarkdown(s), { rounds: 1, giveUpMs: 5000 });
  const after = measureGrowth((s) => markdownToSafeTree(s, BASE, SITE));
  return [
    'before: mdast-util-from-markdown 2.1.0 (micromark 4), a family stops past 5 s',
    ...growthTable(before),
    '',
    'after: utils/engine/markdown/safe-tree.ts (markdown-it 15, bounded tree)',
    ...growthTable(after),
  ];
}
