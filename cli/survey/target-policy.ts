/**
 * A survey's list is untrusted input: whoever wrote it could point us at this computer or the
 * local network (D5's rule for a site naming a URL, applied to the list). A loopback, private,
 * link-local, CGNAT, reserved, single-label or local-name target is refused before any connection;
 * `--allow-local` lets targets on this computer through (checked as local sites, D5). Addresses are judged as WHATWG URL spells them, so `http://2130706433/`
 * and `https://0x7f.1/` are 127.0.0.1 here too.
 */
import { checkFetchTarget, type PolicyReason } from '../../utils/engine/net/url-policy';
import { english } from '../english';

export interface Refusal {
  /** The URL policy's reason (`loopback`, `private`, …). */
  reason: PolicyReason;
  /** In English: what the target is, and how to check it anyway. */
  message: string;
}

/** Judged as from a public site: the scheme was settled by `readSiteUrl`, only the host counts. */
const FROM_A_LIST = { origin: 'https://survey-list.invalid', local: false };

export function refusedTarget(url: string): Refusal | null {
  const target = new URL(url);
  target.protocol = 'https:';
  const verdict = checkFetchTarget(target.href, FROM_A_LIST);
  if (verdict.ok) return null;
  // Only this computer can be let through: a private address stays refused by the engine (D5).
  const hint = verdict.reason === 'loopback' ? '; --allow-local checks targets on this computer' : '';
  return { reason: verdict.reason, message: `not checked: ${english(verdict.detail)}${hint}` };
}
