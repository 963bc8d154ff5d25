/** The options `check` and `survey` share: how to reach sites, and how much to check. */
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import type { ParseArgsConfig } from 'node:util';
import { limitsWith, RAISED_MAX_SKILLS } from '../utils/engine/spec';
import { createNodeTransport, type NodeTransport } from './http/transport';

export const NETWORK_OPTIONS = {
  'same-origin-only': { type: 'boolean', default: false },
  'max-skills': { type: 'string' },
  resolve: { type: 'string', multiple: true, default: [] as string[] },
  cacert: { type: 'string' },
} satisfies ParseArgsConfig['options'];

/** D5: the command line checks up to 1000 entries per index by default (the extension 200). */
export const CLI_MAX_SKILLS = RAISED_MAX_SKILLS;

/** The command line's caps at that skill cap: what `check` reads, and `index` and a folder's origin too. */
export const CLI_LIMITS = limitsWith({ maxSkills: CLI_MAX_SKILLS });

export interface NetworkSettings {
  sameOriginOnly: boolean;
  maxSkills: number;
  resolve: Record<string, string>;
  ca: string | undefined;
}

interface NetworkValues {
  'same-origin-only': boolean;
  'max-skills'?: string;
  resolve: string[];
  cacert?: string;
}

export async function networkSettings(
  values: NetworkValues,
): Promise<{ ok: true; settings: NetworkSettings } | { ok: false; message: string }> {
  const resolve: Record<string, string> = {};
  for (const pair of values.resolve) {
    const pin = parseResolve(pair);
    if (!pin)
      return { ok: false, message: `--resolve wants <host>:<address> (an IP address; *.<domain> for every name under it), got "${pair}".` };
    resolve[pin.host] = pin.address;
  }
  const raw = values['max-skills'];
  const maxSkills = raw === undefined ? CLI_MAX_SKILLS : Number(raw);
  if (!Number.isSafeInteger(maxSkills) || maxSkills < 1)
    return { ok: false, message: `--max-skills wants a whole number above 0, got "${raw}".` };
  let ca: string | undefined;
  if (values.cacert !== undefined) {
    try {
      ca = await readFile(values.cacert, 'utf8');
    } catch {
      return { ok: false, message: `cannot read --cacert ${values.cacert}.` };
    }
  }
  return { ok: true, settings: { sameOriginOnly: values['same-origin-only'], maxSkills, resolve, ca } };
}

/** The network transport for one site: public sites may not resolve to private addresses. */
export function transportFor(settings: NetworkSettings, publicSite: boolean): NodeTransport {
  return createNodeTransport({ resolve: settings.resolve, ca: settings.ca, refusePrivateAddresses: publicSite });
}

/**
 * `shop.example:127.0.0.1`, `*.poppy.test:127.0.0.1` (every name under it, as the fixture server
 * suggests), `v6.example:[::1]`, or curl's own `shop.example:443:127.0.0.1` (the port is ignored:
 * a pin holds for every port). Anything else is refused rather than silently never matching.
 */
export function parseResolve(pair: string): { host: string; address: string } | null {
  const match = /^(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)\.?(?::\d{1,5})?:(.+)$/i.exec(pair);
  if (!match) return null;
  const address = match[3]!.replace(/^\[(.*)\]$/, '$1');
  if (isIP(address) === 0) return null;
  return { host: `${match[1] ?? ''}${match[2]!.toLowerCase()}`, address };
}
