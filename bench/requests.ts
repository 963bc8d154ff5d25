// Requests per browsing hour (docs/extension.md, "How often a site is asked"): what one hour of browsing an origin costs that site,
// simulated with the extension's own scheduler, storage and engine (bench/browsing-hour.ts),
// before and after honouring Cache-Control and validators on the discovery documents.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

interface HourResult {
  label: string;
  policy: 'before' | 'after';
  visits: number;
  requests: number;
  conditional: number;
  checks: number;
}

export async function benchRequestsPerHour(): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './bench/fake-browser/register.mjs', 'bench/browsing-hour.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const results: HourResult[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => results.push(JSON.parse(line) as HourResult));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) return [`browsing simulation failed (exit ${code})`];
  const said = (r: HourResult | undefined) =>
    r ? `${r.requests} requests (${r.conditional} conditional), ${r.checks} check(s)` : 'not measured';
  const labels = [...new Set(results.map((r) => r.label))];
  return [
    "one hour of browsing an origin, a page visit every minute (the extension's scheduler, storage and engine; no HTTP cache);",
    'before = a check every 10 minutes and no validators on the discovery documents; after = Cache-Control, validators, "nothing published" remembered a day:',
    ...labels.map((label) => {
      const [b, a] = (['before', 'after'] as const).map((p) => results.find((r) => r.label === label && r.policy === p));
      const ratio = b && a && b.requests > 0 ? ` (${(a.requests / b.requests).toFixed(2)}x)` : '';
      return `  ${label}: before ${said(b)}; after ${said(a)}${ratio}`;
    }),
  ];
}
