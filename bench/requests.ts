// Requests per browsing hour (issue 12 §5): what one hour of browsing an origin costs that site,
// simulated with the extension's own scheduler, storage and engine (bench/browsing-hour.ts).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

interface HourResult {
  label: string;
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
  return [
    "one hour of browsing an origin, a page visit every minute (the extension's scheduler, storage and engine; no HTTP cache):",
    ...results.map(
      (r) =>
        `  ${r.label}: ${r.requests} requests in the hour (${r.conditional} of them conditional), from ${r.checks} check(s) over ${r.visits} visits`,
    ),
  ];
}
