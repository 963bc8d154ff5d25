/**
 * The sign-in trust chain (D10) in words, for the panel, the Markdown export and the command
 * line alike: one headline a non-engineer follows, one line per link, and, for site owners, the
 * values each link compared. Site values go through `show` so each reader can mark them up its
 * own way (code spans, isolated text); the sentences come from the catalog.
 */
import type { TrustCheck, TrustLink, TrustReport } from '../trust/types';
import { apiTypeWords, type Look } from './look';
import { sentence, type Param, type Words } from './words';
import { hostText } from '../text/host-display';
import { hostOf } from '../text/host-of';

export const TRUST_STATUS_LOOK: Readonly<Record<TrustReport['status'], Look>> = {
  verified: { symbol: '✓', tone: 'ok', label: sentence('trustVerified', []) },
  broken: { symbol: '✗', tone: 'error', label: sentence('trustBroken', []) },
  'not-checked': { symbol: '—', tone: 'neutral', label: sentence('trustNotChecked', []) },
};

export const TRUST_LINK_LOOK: Readonly<Record<TrustLink['status'], Look>> = {
  verified: { symbol: '✓', tone: 'ok', label: sentence('trustLinkVerified', []) },
  failed: { symbol: '✗', tone: 'error', label: sentence('trustLinkFailed', []) },
  unreachable: { symbol: '✗', tone: 'error', label: sentence('trustLinkUnreachable', []) },
  blocked: { symbol: '⊘', tone: 'error', label: sentence('trustLinkBlocked', []) },
  'not-checked': { symbol: '—', tone: 'neutral', label: sentence('trustLinkNotChecked', []) },
  'not-required': { symbol: 'ℹ', tone: 'neutral', label: sentence('trustLinkNotRequired', []) },
};

const HEADLINE = {
  verified: sentence('trustHeadlineVerified', ['issuer', 'domain']),
  broken: sentence('trustHeadlineBroken', ['issuer', 'domain']),
  'not-checked': sentence('trustHeadlineNotChecked', ['issuer', 'domain']),
} as const;

const LINK = {
  issuer: sentence('trustLinkIssuer', ['issuer', 'domain']),
  company: sentence('trustLinkCompany', ['site', 'issuer']),
  api: sentence('trustLinkApi', ['api', 'resource', 'issuer']),
};

const CHECK = {
  equals: sentence('trustCheckEquals', ['field', 'actual', 'expected']),
  contains: sentence('trustCheckContains', ['field', 'actual', 'expected']),
  https: sentence('trustCheckHttps', ['field', 'actual']),
  missing: sentence('trustCheckMissing', ['field']),
  productionOnly: sentence('trustCheckProductionOnly', ['check']),
  from1: sentence('trustCheckFrom1', ['check']),
};

/** How a reader marks up a value the site wrote (a code span, isolated text); identity by default. */
export type Show = (value: string) => Param;
const plain: Show = (value) => value;

/** The domain the issuer must vouch for: `organization.domain`, else the checked site's host. */
function domainOf(trust: TrustReport, site: string): string {
  return hostText(trust.domain ?? hostOf(site));
}

/** A URL's host as a person should read it (utils/engine/text/host-display.ts). */
const hostIn = (url: string) => hostText(hostOf(url));

/** "Sign-in is run by auth.example.com, which confirms it speaks for shop.example." */
export function trustHeadline(trust: TrustReport, site: string, show: Show = plain): Words {
  return HEADLINE[trust.status]({ issuer: show(hostIn(trust.issuer)), domain: show(domainOf(trust, site)) });
}

/** What one link says when it holds: who names whom. */
export function trustLinkWords(link: TrustLink, trust: TrustReport, site: string, show: Show = plain): Words {
  const issuer = show(hostIn(trust.issuer));
  if (link.kind === 'issuer-metadata') return LINK.issuer({ issuer, domain: show(domainOf(trust, site)) });
  if (link.api === null) return LINK.company({ site: show(hostIn(site)), issuer });
  return LINK.api({ api: apiTypeWords(link.api.type), resource: show(link.subject), issuer });
}

/** One compared value, for site owners: "`issuer` is "…" (poppy.json: "…")". */
export function trustCheckWords(check: TrustCheck, show: Show = plain): Words {
  const field = show(check.field);
  const actual = check.actual === null ? null : show(Array.isArray(check.actual) ? check.actual.join(', ') : check.actual);
  const words =
    actual === null
      ? CHECK.missing({ field })
      : check.rule === 'https'
        ? CHECK.https({ field, actual })
        : CHECK[check.rule]({ field, actual, expected: show(check.expected ?? '') });
  if (check.productionOnly) return CHECK.productionOnly({ check: words });
  return check.from1 ? CHECK.from1({ check: words }) : words;
}

/** ✓ for a check that holds, ✗ for one that fails, ℹ for one only production would fail, ⚠ for one only 1.0 requires. */
export function trustCheckSymbol(check: TrustCheck): string {
  return check.ok ? '✓' : check.productionOnly ? 'ℹ' : check.from1 ? '⚠' : '✗';
}
