import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { checkSite, ENGINE_CODES, targetOrigin } from '../utils/engine/check';
import { siteContext } from '../utils/engine/net/url-policy';
import { formatHuman } from './format-human';
import { usageError, type Io } from './io';
import { createNodeTransport } from './node-transport';
import { createStyle, wantsColor } from './style';

export async function checkCommand(args: string[], io: Io): Promise<number> {
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

  const couldNotRun = report.findings.some(
    (f) => f.code === ENGINE_CODES['site-unreachable'].code || f.code === ENGINE_CODES['unsupported-url'].code,
  );
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
