// The command line as users start it (docs/benchmarks.md): `--help` against `node -e 0`, a whole
// `check --json` of the 200-skill site against a minimal fetch + hash script, and the bundle.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { WELL_KNOWN } from '../utils/engine/spec';
import { bundleSize, scriptClosure } from './bundle-size';
import { manySkillsSite } from './many-skills-site';
import { serveMany } from './sites-process';
import { interleaved, kib, msFigure, ratioFigure, verdict, type Timing } from './stats';

const CLI = 'bin/poppy-inspector.mjs';
const DIST = 'dist/cli';
const cpuFile = join(tmpdir(), `poppy-bench-cpu-${process.pid}`);

let built = false;
/** The bundle as the sources are now: measuring a stale dist/cli would measure old code. */
function buildCli(): void {
  if (built) return;
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
  built = true;
}

interface Run extends Timing {
  code: number | null;
  stdout: string;
}

/** One Node process, timed from spawn to exit; its CPU time comes from bench/cpu-report.mjs. */
async function runNode(args: string[]): Promise<Run> {
  rmSync(cpuFile, { force: true });
  const start = performance.now();
  const child = spawn(process.execPath, ['--import', './bench/cpu-report.mjs', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, CPU_REPORT_FILE: cpuFile },
  });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { wall: performance.now() - start, cpu: Number(readFileSync(cpuFile, 'utf8')), code, stdout };
}

function expecting(args: string[], ok: (run: Run) => boolean, what: string): () => Promise<Timing> {
  return async () => {
    const run = await runNode(args);
    if (!ok(run)) throw new Error(`${what}: exit ${run.code}, output ${run.stdout.slice(0, 300)}`);
    return run;
  };
}

export async function benchCliStart(rounds = 21): Promise<string[]> {
  buildCli();
  const help = expecting([CLI, '--help'], (r) => r.code === 0 && r.stdout.includes('poppy-inspector'), 'poppy-inspector --help');
  const bare = expecting(['-e', '0'], (r) => r.code === 0, 'node -e 0');
  await help();
  await bare();
  const { wall, cpu } = await interleaved(rounds, help, bare);
  return [
    `poppy-inspector --help: ${msFigure(wall.subject)}, CPU ${msFigure(cpu.subject)}`,
    `node -e 0:              ${msFigure(wall.reference)}, CPU ${msFigure(cpu.reference)}`,
    `ratio --help / node -e 0, wall time: ${ratioFigure(wall.ratios)}, ${verdict(wall.ratios, 1.5)}`,
    `ratio --help / node -e 0, CPU time:  ${ratioFigure(cpu.ratios)}`,
  ];
}

/** Whole `poppy-inspector check --json` processes, each of which must verify `count` skills;
 *  the command line is built now, so no timed round pays for it. */
export function cliCheck(count: number, extraArgs: string[] = []): (origin: string) => Promise<Timing> {
  buildCli();
  return (origin) =>
    expecting(
      [CLI, 'check', '--json', origin, ...extraArgs],
      (r) =>
        r.code === 0 &&
        (JSON.parse(r.stdout) as { skills: { status: string }[] }).skills.filter((s) => s.status === 'verified').length === count,
      `check --json ${origin}`,
    )();
}

export async function benchCliCheck(count = 200, rounds = 15): Promise<string[]> {
  buildCli();
  const sites = await serveMany(count, 4096);
  const origin = sites.origin(sites.names[0]!);
  try {
    const checkOf = cliCheck(count);
    const check = () => checkOf(origin);
    const minimal = expecting(
      ['bench/minimal-check.mjs', origin, WELL_KNOWN.poppy, WELL_KNOWN.skillIndex],
      (r) => r.code === 0 && r.stdout.includes(`"verified":${count}`),
      'the minimal check script',
    );
    await check();
    await minimal();
    const { wall, cpu } = await interleaved(rounds, check, minimal);
    return [
      `poppy-inspector check --json (${count} skills on loopback, whole process): ${msFigure(wall.subject)}, CPU ${msFigure(cpu.subject)}`,
      `minimal Node script (fetch 6 at a time + node:crypto hash):      ${msFigure(wall.reference)}, CPU ${msFigure(cpu.reference)}`,
      `ratio check / minimal, wall time: ${ratioFigure(wall.ratios)}, ${verdict(wall.ratios, 1.2)}`,
      `ratio check / minimal, CPU time:  ${ratioFigure(cpu.ratios)}`,
    ];
  } finally {
    await sites.stop();
  }
}

/**
 * `check <dir>` against the same check over loopback HTTP: the files of the served site
 * (bench/serve-many.ts's bench0) written to a directory, so both check the same bytes. Reading
 * files skips the network, so it should cost less than the loopback check, not more.
 */
export async function benchCliDirCheck(count = 200, rounds = 15): Promise<string[]> {
  buildCli();
  const sites = await serveMany(count, 4096);
  const origin = sites.origin(sites.names[0]!);
  const dir = mkdtempSync(join(tmpdir(), 'poppy-bench-dir-'));
  try {
    for (const [path, route] of Object.entries(manySkillsSite(sites.names[0]!, count, 4096).routes)) {
      if (
        typeof route === 'function' ||
        route.body === undefined ||
        (typeof route.body === 'object' && !(route.body instanceof Uint8Array))
      )
        throw new Error(`bench site route ${path} is not a fixed body`);
      const file = join(dir, ...path.split('/').filter(Boolean));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, route.body);
    }
    const checkOf = cliCheck(count);
    const dirOf = cliCheck(count, ['--origin', origin]);
    const fromDir = () => dirOf(dir);
    const loopback = () => checkOf(origin);
    await fromDir();
    await loopback();
    const { wall, cpu } = await interleaved(rounds, fromDir, loopback);
    return [
      `poppy-inspector check --json <dir> (${count} skills on disk):      ${msFigure(wall.subject)}, CPU ${msFigure(cpu.subject)}`,
      `poppy-inspector check --json (the same ${count} skills on loopback): ${msFigure(wall.reference)}, CPU ${msFigure(cpu.reference)}`,
      `ratio dir / loopback, wall time: ${ratioFigure(wall.ratios)}, ${verdict(wall.ratios, 0.8)}`,
      `ratio dir / loopback, CPU time:  ${ratioFigure(cpu.ratios)}`,
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sites.stop();
  }
}

/** dist/cli as `npm run build:cli` left it: what each command makes Node load, and the whole. */
export function benchCliBundle(): string[] {
  buildCli();
  const files = readdirSync(DIST).filter((f) => f.endsWith('.mjs'));
  const command = (prefix: string) => files.find((f) => f.startsWith(`${prefix}-`));
  const line = (label: string, entries: string[]) => {
    const size = bundleSize(DIST, scriptClosure(DIST, entries));
    return `${label}: ${kib(size.raw)} raw, ${kib(size.gzip)} gzip in ${size.files.length} file(s)`;
  };
  const lines = [line('whole command line (dist/cli)', files), line('  loaded by --help', ['main.mjs'])];
  for (const name of ['check', 'survey', 'index-command', 'digest']) {
    const chunk = command(name);
    if (chunk) lines.push(line(`  loaded by ${name.replace('-command', '')}`, ['main.mjs', chunk]));
  }
  const largest = bundleSize(DIST, files).files.sort((a, b) => b.raw - a.raw)[0];
  if (largest) lines.push(`  largest file: ${largest.path}, ${kib(largest.raw)} raw, ${kib(largest.gzip)} gzip`);
  return lines;
}
