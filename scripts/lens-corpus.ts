/**
 * Counts what the lens (D12) says about a folder of real SKILL.md files: how many draw a warning
 * of the families every skill is judged on, and which. docs/lens.md records the figures and the
 * corpus's sources. Usage: `npx tsx scripts/lens-corpus.ts <folder> [--list] [--json]`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanSkillText } from '../utils/engine/lens/scan';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--'));
if (!dir) {
  console.error('usage: tsx scripts/lens-corpus.ts <folder of .md files> [--list]');
  process.exit(2);
}
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.md'))
  .sort();
const byKind = new Map<string, string[]>();
const flagged = new Set<string>();
const times: number[] = [];
let commands = 0;
let hosts = 0;
let limits = 0;
for (const file of files) {
  const text = new TextDecoder().decode(readFileSync(join(dir, file)));
  const t0 = performance.now();
  const scan = scanSkillText(text);
  times.push(performance.now() - t0);
  if (scan.commands.length > 0) commands++;
  if (scan.hosts.length > 0) hosts++;
  if (scan.saysLimits) limits++;
  for (const [kind, found] of Object.entries(scan.asks)) {
    if (found.count === 0) continue;
    flagged.add(file);
    byKind.set(kind, [...(byKind.get(kind) ?? []), file]);
    if (args.includes('--list'))
      for (const p of found.passages) console.log(`${file}\t${kind}\t${p.line}\t${p.text}${p.decoded ? `\t→ ${p.decoded}` : ''}`);
  }
}
times.sort((a, b) => a - b);
const pct = (n: number) => `${((100 * n) / files.length).toFixed(1)} %`;
console.log(`files: ${files.length}`);
console.log(`warned (every-skill families): ${flagged.size} (${pct(flagged.size)})`);
for (const [kind, list] of byKind) console.log(`  ${kind}: ${list.length}`);
console.log(
  `name commands: ${commands} (${pct(commands)}), name hosts: ${hosts} (${pct(hosts)}), say what they cannot do: ${limits} (${pct(limits)})`,
);
console.log(`time per file: median ${times[times.length >> 1]!.toFixed(3)} ms, max ${times[times.length - 1]!.toFixed(2)} ms`);
