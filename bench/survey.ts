// The command line's survey over 2000 loopback sites, each its own origin: throughput, and memory
// as the list goes on. Flat means the heap after a full collection stays where it was after the
// first few hundred sites; RSS (what the system sees) is printed beside it.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const SITES = 2000;
const MARKS = [200, 500, 1000, 1500, 2000];

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

interface SurveyRun {
  code: number | null;
  seconds: number;
  sites: number;
  published: number;
  stderr: string;
  /** sites done → epoch ms, at each mark */
  reached: Map<number, number>;
}

/** The built CLI as a child process; with `probe`, its heap is sampled into that file. */
async function runSurvey(list: string, probe: string | null): Promise<SurveyRun> {
  const started = Date.now();
  const flags = probe ? ['--expose-gc', '--import', './bench/heap-probe.mjs'] : [];
  const child = spawn(process.execPath, [...flags, 'bin/poppy-inspector.mjs', 'survey', list, '--allow-local'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HEAP_PROBE_FILE: probe ?? '' },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const reached = new Map<number, number>();
  let sites = 0;
  let published = 0;
  createInterface({ input: child.stdout }).on('line', (line) => {
    sites++;
    if ((JSON.parse(line) as { publishes: { poppy: boolean } }).publishes.poppy) published++;
    if (MARKS.includes(sites)) reached.set(sites, Date.now());
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, seconds: (Date.now() - started) / 1000, sites, published, stderr, reached };
}

export async function benchSurvey(): Promise<string[]> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/serve-sites.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => createInterface({ input: server.stdout! }).once('line', resolve));
  const list = join(tmpdir(), `poppy-survey-bench-${process.pid}.txt`);
  const probe = join(tmpdir(), `poppy-survey-heap-${process.pid}.txt`);
  writeFileSync(list, Array.from({ length: SITES }, (_, i) => `http://s${String(i).padStart(4, '0')}.localhost:${port}`).join('\n'));
  writeFileSync(probe, '');
  try {
    const plain = await runSurvey(list, null);
    const probed = await runSurvey(list, probe);
    const samples = readFileSync(probe, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' ').map(Number) as [number, number, number]);
    // The first sample at or after each mark.
    const at = (mark: number) => samples.find(([t]) => t >= (probed.reached.get(mark) ?? Infinity)) ?? samples.at(-1)!;
    const first = at(MARKS[0]!);
    const last = at(SITES);
    const peakRss = Math.max(...samples.map(([, , rss]) => rss));
    return [
      `survey of ${SITES} loopback sites (8 at a time; ${plain.published} publish poppy.json): exit ${plain.code}, ${plain.seconds.toFixed(1)} s, ${(plain.sites / plain.seconds).toFixed(0)} sites/s`,
      `survey heap after full GC (second run, sampled every 0.5 s): ${MARKS.map((m) => `${m} sites ${mib(at(m)[1])}`).join(', ')}; ${SITES} vs ${MARKS[0]}: ${(last[1] / first[1]).toFixed(2)}x (target: flat, about 1x)`,
      `survey RSS in that run: ${MARKS.map((m) => `${m} sites ${mib(at(m)[2])}`).join(', ')}; peak ${mib(peakRss)}`,
      ...plain.stderr.split('\n').filter((l) => l.startsWith('Survey:')),
    ];
  } finally {
    server.kill('SIGTERM');
    rmSync(list, { force: true });
    rmSync(probe, { force: true });
  }
}
