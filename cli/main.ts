import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatDigest, sha256Hex } from '../utils/engine/check/digest';
import { checkSite, targetOrigin } from '../utils/engine/check';
import { siteContext } from '../utils/engine/net/url-policy';
import { formatHuman } from './format-human';
import { createNodeTransport } from './node-transport';
import { createStyle, wantsColor } from './style';

const USAGE = `Usage:
  poppy-inspector check <site-url> [--json] [--strict] [--same-origin-only]
                        [--resolve <host>:<address>]... [--cacert <file>]
  poppy-inspector digest <file>...

check    Fetch and verify what a site publishes for agents: poppy.json, its skill
         index, /.well-known/agent-skills/index.json and every skill's sha256 digest.
         --json              print the report as JSON (documented in the README)
         --strict            exit 1 on warnings too
         --same-origin-only  do not contact other hosts (skills there stay not-checked)
         --resolve h:addr    connect to <addr> for host <h> (like curl --resolve)
         --cacert <file>     also trust this CA certificate (PEM)
digest   Print the sha256: digest of local files, as a skill index wants it.

Exit codes: 0 no errors (with --strict: no warnings), 1 errors found, 2 could not run.`;

export interface Io {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}

/** Runs the command line; returns the exit code instead of exiting, so tests can call it. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'digest') return digestCommand(rest, io);
  if (command === 'check') return checkCommand(rest, io);
  if (command === '--version' || command === '-v') {
    io.stdout.write(`${__VERSION__}\n`);
    return 0;
  }
  const help = command === undefined || command === '--help' || command === '-h' || command === 'help';
  (help ? io.stdout : io.stderr).write(`${help ? '' : `Unknown command: ${command}\n\n`}${USAGE}\n`);
  return help ? 0 : 2;
}

declare const __VERSION__: string;

async function digestCommand(files: string[], io: Io): Promise<number> {
  if (files.length === 0) return usageError(io, 'digest needs at least one file.');
  let code = 0;
  for (const file of files) {
    try {
      const bytes = new Uint8Array(await readFile(file));
      io.stdout.write(`${formatDigest(await sha256Hex(bytes))}  ${file}\n`);
    } catch (e) {
      io.stderr.write(`${file}: ${(e as NodeJS.ErrnoException).code ?? 'cannot read'}\n`);
      code = 2;
    }
  }
  return code;
}

async function checkCommand(args: string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        strict: { type: 'boolean', default: false },
        'same-origin-only': { type: 'boolean', default: false },
        resolve: { type: 'string', multiple: true, default: [] },
        cacert: { type: 'string' },
      },
    });
  } catch (e) {
    return usageError(io, (e as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return usageError(io, 'check needs exactly one site URL.');
  const resolve: Record<string, string> = {};
  for (const pair of values.resolve) {
    const at = pair.lastIndexOf(':');
    if (at <= 0) return usageError(io, `--resolve wants <host>:<address>, got "${pair}".`);
    resolve[pair.slice(0, at).toLowerCase()] = pair.slice(at + 1).replace(/^\[|\]$/g, '');
  }
  let ca: string | undefined;
  if (values.cacert) {
    try {
      ca = await readFile(values.cacert, 'utf8');
    } catch {
      return usageError(io, `cannot read --cacert ${values.cacert}`);
    }
  }

  const style = createStyle(!values.json && wantsColor(io.stdout, io.env));
  const progress = !values.json && io.stderr.isTTY;
  const started = performance.now();
  const { report } = await checkSite(positionals[0]!, {
    transport: createNodeTransport({ resolve, ca, refusePrivateAddresses: isPublicTarget(positionals[0]!) }),
    mayContact: () => !values['same-origin-only'],
    onProgress: progress ? ({ done, total }) => io.stderr.write(`\rChecking skills ${done}/${total}…`) : undefined,
  });
  if (progress) io.stderr.write('\r\u001b[K');
  io.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatHuman(report, style, performance.now() - started)}\n`);

  const couldNotRun = report.findings.some((f) => f.code === 'site-unreachable' || f.code === 'unsupported-url');
  if (couldNotRun) return 2;
  if (report.verdict === 'errors') return 1;
  return values.strict && report.verdict === 'warnings' ? 1 : 0;
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

function usageError(io: Io, message: string): number {
  io.stderr.write(`poppy-inspector: ${message}\n\n${USAGE}\n`);
  return 2;
}
