import { parseArgs, type ParseArgsConfig } from 'node:util';
import { checkSite, ENGINE_CODES, targetOrigin } from '../utils/engine/check';
import { siteFilesTransport } from '../utils/engine/net/site-files';
import { coverage, isComplete } from '../utils/engine/report/coverage';
import { siteContext } from '../utils/engine/net/url-policy';
import { CLI_CHECK_MS, WELL_KNOWN } from '../utils/engine/spec';
import { changesSince, readBaseline, type Baseline } from './baseline';
import { directoryFiles } from './dir-files';
import { usageError, type Io } from './io';
import { locateFindings } from './locations';
import { NETWORK_OPTIONS, networkSettings, transportFor, type NetworkSettings } from './network-options';
import { nodeSha256 } from './node-hash';
import { FORMATS, writeReport, type CheckedTarget, type Format } from './report-output';
import { fileOf, isDirectory, isFile, originForDirectory } from './site-dir';
import { readSiteUrl } from './site-input';
import { CHECK_HELP } from './usage';

const OPTIONS = {
  ...NETWORK_OPTIONS,
  format: { type: 'string' },
  json: { type: 'boolean', default: false },
  output: { type: 'string' },
  strict: { type: 'boolean', default: false },
  origin: { type: 'string' },
  timeout: { type: 'string' },
  baseline: { type: 'string' },
  'fail-on-change': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} satisfies ParseArgsConfig['options'];

/** `poppy-inspector check <site-url | directory>`. */
export async function checkCommand(args: string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  } catch (e) {
    return usageError(io, (e as Error).message, CHECK_HELP);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(`${CHECK_HELP}\n`);
    return 0;
  }
  if (positionals.length !== 1) return usageError(io, 'check needs exactly one site URL or directory.', CHECK_HELP);
  const format = (values.json ? 'json' : (values.format ?? 'text')) as Format;
  if (!FORMATS.includes(format) || (values.json && values.format !== undefined && values.format !== 'json')) {
    return usageError(io, `--format wants one of ${FORMATS.join(', ')}${values.json ? ' (and --json means json)' : ''}.`, CHECK_HELP);
  }
  const network = await networkSettings(values);
  if (!network.ok) return usageError(io, network.message, CHECK_HELP);
  const checkMs = values.timeout === undefined ? CLI_CHECK_MS : Number(values.timeout) * 1000;
  if (!Number.isFinite(checkMs) || checkMs <= 0)
    return usageError(io, `--timeout wants seconds above 0, got "${values.timeout}".`, CHECK_HELP);

  if (values['fail-on-change'] && values.baseline === undefined)
    return usageError(io, '--fail-on-change needs --baseline <report.json>.', CHECK_HELP);
  let baseline: Baseline | null = null;
  if (values.baseline !== undefined) {
    const read = await readBaseline(values.baseline);
    if (!read.ok) {
      io.stderr.write(`poppy-inspector: ${read.message}\n`);
      return 2;
    }
    baseline = read.value;
  }

  const input = positionals[0]!;
  const isDir = await isDirectory(input);
  // A path that names no directory is a mistyped path, never a site called "." or "~".
  if (!isDir && looksLikePath(input)) return inputError(io, `no such directory: ${input}`);
  const target = isDir ? await directoryTarget(input, values.origin, network.settings) : urlTarget(input, values.origin);
  if (!target.ok) return target.usage ? usageError(io, target.message, CHECK_HELP) : inputError(io, target.message);

  const progress = format === 'text' && values.output === undefined && io.stderr.isTTY;
  const started = performance.now();
  const { report } = await checkSite(target.url, {
    transport: target.transport ?? transportFor(network.settings, isPublicTarget(target.url)),
    mayContact: () => !network.settings.sameOriginOnly,
    sha256: nodeSha256,
    limits: { maxSkills: network.settings.maxSkills, checkMs },
    rawTexts: false,
    // Files before deploying: the issuer and the APIs serve the sign-in documents themselves.
    trustChain: target.checked.directory === null,
    onProgress: progress ? ({ done, total }) => io.stderr.write(`\rChecking skills ${done}/${total}…`) : undefined,
  });
  if (progress) io.stderr.write('\r\u001b[K');
  const checked: CheckedTarget = { ...target.checked, elapsedMs: performance.now() - started };
  if (baseline) checked.changes = changesSince(baseline, report);
  if (target.checked.directory !== null) checked.locations = await locateFindings(report.findings, input, target.checked.origin);

  const written = await writeReport(report, checked, { format, output: values.output, io });
  if (!written) return 2;
  const couldNotRun = report.findings.some(
    (f) => f.code === ENGINE_CODES['site-unreachable'].code || f.code === ENGINE_CODES['unsupported-url'].code,
  );
  if (couldNotRun) return 2;
  if (report.verdict === 'errors') return 1;
  // A scheduled job's question: did the site publish anything different (D13)?
  if (values['fail-on-change'] && (checked.changes?.changes.length ?? 0) > 0) return 1;
  // --strict: warnings fail too, and so does anything left unchecked (other hosts, past the cap).
  return values.strict && (report.verdict === 'warnings' || !isComplete(coverage(report))) ? 1 : 0;
}

type Target =
  | { ok: true; url: string; transport: ReturnType<typeof siteFilesTransport> | null; checked: Omit<CheckedTarget, 'elapsedMs'> }
  /** `usage`: the command was called wrong (the help follows); otherwise its input is. */
  | { ok: false; message: string; usage: boolean };

/** `./x`, `../x`, `/x`, `~/x`, `.`, `..`, `~`: a path on this computer, not a site's name. */
export function looksLikePath(input: string): boolean {
  return /^(\.{1,2}|~)([/\\]|$)/.test(input) || input.startsWith('/');
}

/** A wrong path or directory: one line that says what to do, exit 2, no help page. */
function inputError(io: Io, message: string): number {
  io.stderr.write(`poppy-inspector: ${message}\n`);
  return 2;
}

function urlTarget(input: string, origin: string | undefined): Target {
  if (origin !== undefined) return { ok: false, message: '--origin is for checking a directory.', usage: true };
  const site = readSiteUrl(input);
  if (!site.ok) return { ...site, usage: true };
  return {
    ok: true,
    url: site.url,
    transport: null,
    checked: { input, assumedScheme: site.assumed, directory: null, origin: new URL(site.url).origin },
  };
}

async function directoryTarget(dir: string, option: string | undefined, settings: NetworkSettings): Promise<Target> {
  const present = await Promise.all([WELL_KNOWN.poppy, WELL_KNOWN.skillIndex].map((p) => isFile(fileOf(dir, p))));
  if (!present.includes(true))
    return {
      ok: false,
      message: `nothing to check in ${dir}: no ${WELL_KNOWN.poppy.slice(1)} or ${WELL_KNOWN.skillIndex.slice(1)}.`,
      usage: false,
    };
  const choice = await originForDirectory(dir, option, present[0]!);
  if (!choice.ok) return { ...choice, usage: choice.option };
  const otherHosts = settings.sameOriginOnly ? null : transportFor(settings, !siteContext(choice.origin).local);
  const transport = siteFilesTransport(choice.origin, await directoryFiles(dir), { otherHosts });
  return { ok: true, url: choice.origin, transport, checked: { input: dir, assumedScheme: null, directory: dir, origin: choice.origin } };
}

/**
 * Whether the checked site is public, so that its names must resolve to public addresses (the
 * DNS-rebinding guard). A local site (D5) may reach this computer and the local network; an
 * address that is no site at all makes no request, so the safe answer costs nothing.
 */
export function isPublicTarget(siteUrl: string): boolean {
  const origin = targetOrigin(siteUrl);
  return origin === null || !siteContext(origin).local;
}
