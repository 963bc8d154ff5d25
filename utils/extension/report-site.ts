import { typedSiteOrigin, type TypedSite } from '../engine/net/typed-site';
import { sentence } from '../engine/report/words';
import { supportedOrigin } from './page-support';

const OUTSIDE_MATCHES = sentence('reportSiteUnsupported', []);

/**
 * The site the full-page report checks for what the user typed: the engine's URL policy, then the
 * extension's host matches (the origins it holds host access for, HOST_MATCHES), so a loopback
 * address past 127.0.0.1 is refused here rather than fetched without access.
 */
export function readReportSite(input: string): TypedSite {
  const read = typedSiteOrigin(input);
  if (!read.ok) return read;
  return supportedOrigin(`${read.origin}/`) === read.origin ? read : { ok: false, words: OUTSIDE_MATCHES({}) };
}

/** The origin for `input` when it may be checked, else null (the background's re-check of a payload). */
export function reportSiteOrigin(input: string): string | null {
  const read = readReportSite(input);
  return read.ok ? read.origin : null;
}
