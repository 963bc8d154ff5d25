// How many site folders pass `check` before and after `index --write`: each folder under the
// given one (a site's root: `.well-known/...`) is copied to a temporary directory, checked,
// repaired, checked again. The originals are never touched. Usage:
//   node scripts/index-repair-report.mjs <folder of site folders> [--origin <url>] [--json]
// A site's origin: --origin, else the host a `corpus.ts` beside the folders gives its slug
// (tests/fixtures/real-world/corpus.ts: run under tsx, as `npm run repair-report` does), else the
// folder's name when it is a host name (`shop.example`), else poppy.json's
// organization.domain, else https://shop.example. Uses the built CLI (npm run build:cli first).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { origin: { type: 'string' }, json: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  process.stderr.write('Usage: node scripts/index-repair-report.mjs <folder of site folders> [--origin <url>] [--json]\n');
  process.exit(2);
}
const BIN = resolve('bin/poppy-inspector.mjs');
const root = positionals[0];

function cli(dir, args) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** slug → host, from a corpus.ts beside the site folders when this runs under tsx. */
const hosts = new Map();
try {
  // eslint-disable-next-line no-unsanitized/method -- a corpus file on disk, in the folder the user names.
  const { CORPUS } = await import(pathToFileURL(resolve(root, 'corpus.ts')).href);
  for (const site of CORPUS) hosts.set(site.slug, site.host);
} catch {
  // No corpus.ts, or plain node: the folder names and poppy.json decide.
}

function originArgs(name, dir) {
  if (values.origin) return ['--origin', values.origin];
  if (hosts.has(name)) return ['--origin', `https://${hosts.get(name)}`];
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(name)) return ['--origin', `https://${name.toLowerCase()}`];
  // poppy.json's organization.domain when there is one with a domain; check and index read it.
  const poppy = join(dir, '.well-known/poppy.json');
  const small = existsSync(poppy) && statSync(poppy).isFile() && statSync(poppy).size < 300_000;
  const domain = small && /"domain"\s*:/.test(readFileSync(poppy, 'utf8'));
  return domain ? [] : ['--origin', 'https://shop.example'];
}

/** Findings that mean agents cannot use the index as published (its shape, not its files). */
const SHAPE_CODES = new Set(['unknown-schema', 'missing-schema', 'old-format', 'interim-format', 'digest-field-misnamed', 'missing-type']);

/**
 * `pass`: check found no error; `usable`: the verdict is ok and every skill verified; `shape`:
 * no finding says agents cannot use the index's shape (whatever its files say).
 */
function checked(dir, origin) {
  const r = cli(dir, ['check', '.', ...origin, '--same-origin-only', '--json']);
  if (r.code === 2) return { pass: false, usable: false, shape: false, verdict: 'could not check', verified: 0, skills: 0 };
  const report = JSON.parse(r.stdout);
  const verified = report.skills.filter((s) => s.status === 'verified').length;
  return {
    pass: r.code === 0,
    usable: report.verdict === 'ok' && verified === report.skills.length && verified > 0,
    shape: !report.findings.some((f) => SHAPE_CODES.has(f.code)),
    verdict: report.verdict,
    verified,
    skills: report.skills.length,
  };
}

const rows = [];
for (const name of readdirSync(root).sort()) {
  const source = join(root, name);
  // `<slug>@<host>/` holds a site's files on another host (the corpus's layout), not a site.
  if (!statSync(source).isDirectory() || name.includes('@')) continue;
  const dir = mkdtempSync(join(tmpdir(), 'poppy-repair-'));
  try {
    cpSync(source, dir, { recursive: true });
    const origin = originArgs(name, dir);
    const before = checked(dir, origin);
    const write = cli(dir, ['index', '.', ...origin, '--write']);
    const after = checked(dir, origin);
    rows.push({ site: name, before, index: write.code, after });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const count = (key, when) => rows.filter((r) => r[when][key]).length;
const totals = {
  sites: rows.length,
  passBefore: count('pass', 'before'),
  passAfter: count('pass', 'after'),
  usableBefore: count('usable', 'before'),
  usableAfter: count('usable', 'after'),
  shapeBefore: count('shape', 'before'),
  shapeAfter: count('shape', 'after'),
};
if (values.json) {
  process.stdout.write(`${JSON.stringify({ rows, totals }, null, 2)}\n`);
} else {
  const cell = (c) => `${c.verdict} ${c.verified}/${c.skills}`;
  const width = Math.max(4, ...rows.map((r) => r.site.length));
  process.stdout.write(`${'site'.padEnd(width)}  ${'before'.padEnd(20)}  index  after\n`);
  for (const r of rows)
    process.stdout.write(`${r.site.padEnd(width)}  ${cell(r.before).padEnd(20)}  ${String(r.index).padEnd(5)}  ${cell(r.after)}\n`);
  process.stdout.write(
    `\nNo error from check: ${totals.passBefore} of ${totals.sites} before, ${totals.passAfter} after index --write.\n` +
      `Every skill verified, verdict ok: ${totals.usableBefore} of ${totals.sites} before, ${totals.usableAfter} after.\n` +
      `An index shape agents can use: ${totals.shapeBefore} of ${totals.sites} before, ${totals.shapeAfter} after.\n`,
  );
}
