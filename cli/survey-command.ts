import { parseArgs, type ParseArgsConfig } from 'node:util';
import { counted } from './english';
import { checkSite } from '../utils/engine/check';
import { siteContext } from '../utils/engine/net/url-policy';
import { usageError, type Io } from './io';
import { NETWORK_OPTIONS, networkSettings, transportFor, type NetworkSettings } from './network-options';
import { nodeSha256 } from './node-hash';
import { readSiteUrl } from './site-input';
import { appendTo, countSites, dropPartialLine, linesOf, sinkTo, sitesOf, type LineSink } from './survey/lines';
import { forEachPooled } from './survey/pool';
import { refusedLine, surveyLine, unusableLine, type SurveyLine } from './survey/result';
import { refusedTarget } from './survey/target-policy';
import { SurveySummary } from './survey/summary';
import { addChanges, readSurveyBaseline, type SurveyBaseline } from './survey/baseline';
import { safeJson } from './style';
import { SURVEY_HELP } from './usage';

const OPTIONS = {
  ...NETWORK_OPTIONS,
  'allow-local': { type: 'boolean', default: false },
  concurrency: { type: 'string' },
  deadline: { type: 'string' },
  full: { type: 'boolean', default: false },
  output: { type: 'string' },
  resume: { type: 'string' },
  baseline: { type: 'string' },
  summarize: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} satisfies ParseArgsConfig['options'];

const DEFAULT_CONCURRENCY = 8;
const DEFAULT_DEADLINE_S = 60;
/** A progress line at most this often when stderr is not a terminal (a CI log). */
const LOG_EVERY_MS = 10_000;

/** `poppy-inspector survey <file | ->`: many sites, one JSON line each, and a closing summary. */
export async function surveyCommand(args: string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  } catch (e) {
    return usageError(io, (e as Error).message, SURVEY_HELP);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(`${SURVEY_HELP}\n`);
    return 0;
  }
  if (values.summarize) return summarize(positionals, io);
  if (positionals.length !== 1) return usageError(io, 'survey needs one file of sites (or - for stdin).', SURVEY_HELP);
  const concurrency = wholeNumber(values.concurrency, DEFAULT_CONCURRENCY);
  const deadlineS = wholeNumber(values.deadline, DEFAULT_DEADLINE_S);
  if (concurrency === null || deadlineS === null)
    return usageError(io, '--concurrency and --deadline want whole numbers above 0.', SURVEY_HELP);
  const network = await networkSettings(values);
  if (!network.ok) return usageError(io, network.message, SURVEY_HELP);
  const source = positionals[0]!;

  let baseline: SurveyBaseline | null = null;
  if (values.baseline !== undefined) {
    const read = await readSurveyBaseline(values.baseline);
    if (!read.ok) {
      io.stderr.write(`poppy-inspector: ${read.message}\n`);
      return 2;
    }
    baseline = read.value;
  }

  const summary = new SurveySummary();
  const done = new Set<string>();
  if (values.output !== undefined) {
    // A run killed while writing leaves part of a line at the end: appending to it would spoil
    // the next line too. Cut it off; its site is not done, so it is checked again.
    try {
      if ((await dropPartialLine(values.output)) > 0)
        io.stderr.write(`${values.output}: dropped an unfinished last line (a run stopped while writing it); its site is checked again.\n`);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        return usageError(io, `cannot repair ${values.output}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, SURVEY_HELP);
    }
  }
  if (values.resume !== undefined) {
    const resumed = await readResults([values.resume], io, { missingIsEmpty: true }, (line) => {
      done.add(line.site);
      summary.add(line);
    });
    if (!resumed) return 2;
  }
  let total: number | null = null;
  if (source !== '-') {
    try {
      total = await countSites(source);
    } catch (e) {
      return usageError(io, `cannot read ${source}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, SURVEY_HELP);
    }
  }

  const sink: LineSink = values.output === undefined ? sinkTo(io.stdout, false) : appendTo(values.output);
  const progress = new Progress(io, total, done.size);
  const started = performance.now();
  const pending = (async function* () {
    for await (const site of sitesOf(linesOf(source, process.stdin))) {
      if (done.has(site)) progress.skipped();
      else yield site;
    }
  })();
  await forEachPooled(pending, concurrency, async (site) => {
    const line = await surveySite(site, network.settings, {
      deadlineMs: deadlineS * 1000,
      full: values.full,
      allowLocal: values['allow-local'],
    });
    if (baseline) addChanges(line, baseline);
    summary.add(line);
    await sink.write(safeJson(line, 0));
    progress.checked(summary);
  });
  await sink.close();
  progress.end();
  io.stderr.write(`${summary.table({ elapsedMs: performance.now() - started, checked: progress.count })}\n`);
  return 0;
}

async function surveySite(
  site: string,
  settings: NetworkSettings,
  o: { deadlineMs: number; full: boolean; allowLocal: boolean },
): Promise<SurveyLine> {
  const target = readSiteUrl(site);
  if (!target.ok) return unusableLine(site, target.message);
  const refusal = o.allowLocal ? null : refusedTarget(target.url);
  if (refusal) return refusedLine(site, new URL(target.url).origin, refusal);
  const started = performance.now();
  // Its own connections, closed when the site is done: kept alive, thousands of sites' idle
  // sockets would make memory grow with the list.
  const transport = transportFor(settings, !siteContext(new URL(target.url).origin).local);
  try {
    const { report } = await checkSite(target.url, {
      transport,
      mayContact: () => !settings.sameOriginOnly,
      sha256: nodeSha256,
      // The engine's own deadline: what is not done by then is `unreachable`, and the report says so.
      limits: { maxSkills: settings.maxSkills, checkMs: o.deadlineMs },
    });
    const deadline = report.cutShort?.by === 'deadline';
    return surveyLine(site, report, { elapsedMs: performance.now() - started, deadline, full: o.full });
  } finally {
    await transport.close();
  }
}

/** Reads earlier JSON-line results; a line that is not one of ours is skipped with a warning. */
async function readResults(files: string[], io: Io, o: { missingIsEmpty: boolean }, each: (line: SurveyLine) => void): Promise<boolean> {
  for (const file of files) {
    let bad = 0;
    try {
      for await (const text of linesOf(file, process.stdin)) {
        if (text.trim() === '') continue;
        const line = parseLine(text);
        if (line) each(line);
        else bad++;
      }
    } catch (e) {
      // A resume file that does not exist yet is a fresh start.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && o.missingIsEmpty) continue;
      io.stderr.write(`poppy-inspector: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? 'error'}\n`);
      return false;
    }
    if (bad > 0)
      io.stderr.write(
        `${file}: ${counted(bad, 'line')} that ${bad === 1 ? 'is' : 'are'} not survey results ${bad === 1 ? 'was' : 'were'} skipped.\n`,
      );
  }
  return true;
}

function parseLine(text: string): SurveyLine | null {
  try {
    const value = JSON.parse(text) as Partial<SurveyLine>;
    return typeof value.site === 'string' && typeof value.publishes === 'object' && typeof value.skills === 'object'
      ? (value as SurveyLine)
      : null;
  } catch {
    return null;
  }
}

async function summarize(files: string[], io: Io): Promise<number> {
  if (files.length === 0) return usageError(io, '--summarize needs the JSON-line results to read.', SURVEY_HELP);
  const summary = new SurveySummary();
  const seen = new Set<string>();
  let repeated = 0;
  const ok = await readResults(files, io, { missingIsEmpty: false }, (line) => {
    // Parts of a split run may overlap: each site counts once.
    if (seen.has(line.site)) repeated++;
    else {
      seen.add(line.site);
      summary.add(line);
    }
  });
  if (!ok) return 2;
  if (repeated > 0) io.stderr.write(`${counted(repeated, 'repeated site')} counted once.\n`);
  io.stdout.write(`${summary.table(null)}\n`);
  return 0;
}

function wholeNumber(raw: string | undefined, fallback: number): number | null {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Progress on stderr: a line rewritten in place on a terminal, an occasional line in a log. */
class Progress {
  private checkedCount = 0;
  private skippedCount = 0;
  private lastLog = performance.now();
  constructor(
    private readonly io: Io,
    private readonly total: number | null,
    private readonly resumed: number,
  ) {}

  skipped(): void {
    this.skippedCount++;
  }

  checked(summary: SurveySummary): void {
    this.checkedCount++;
    const tty = this.io.stderr.isTTY;
    if (!tty && performance.now() - this.lastLog < LOG_EVERY_MS) return;
    this.lastLog = performance.now();
    const of = this.total === null ? '' : `/${this.total}`;
    const skipped = this.skippedCount ? ` (${this.skippedCount} done before)` : '';
    const text = `${this.checkedCount + this.skippedCount}${of} sites${skipped} · ${summary.poppy} publish poppy.json`;
    this.io.stderr.write(tty ? `\r\u001b[K${text}` : `${text}\n`);
  }

  end(): void {
    if (this.io.stderr.isTTY && this.checkedCount > 0) this.io.stderr.write('\r\u001b[K');
    if (this.resumed > 0 && this.checkedCount === 0) this.io.stderr.write('Nothing left to check.\n');
  }

  get count(): number {
    return this.checkedCount;
  }
}
