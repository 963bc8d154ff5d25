import { finding, type Finding } from '../report/findings';
import type { LensAsk, LensAskKind, LensReport } from '../report/report';
import { and } from '../report/words';
import type { Words } from '../report/words';
import { LENS_LIMITS } from '../spec';
import { LENS_CODES as C } from './codes';
import { definesOperation, type ApiOperations } from './openapi';
import type { LensScan, Named } from './scan';

/** What a company offers, as its poppy.json and API description say (D12 family 2). */
export interface LensOffer {
  /** The skill is listed in the company's poppy.json. */
  company: boolean;
  /** Every scope poppy.json's sign-in types name. */
  scopes: ReadonlySet<string>;
  /** The organization's domain, its API, issuer and endpoint hosts, the site's own. */
  hostAllowed: (host: string) => boolean;
  /** The OpenAPI description's operations, or why there are none to compare with. */
  api: ApiOperations | null;
  apiReason: Words | null;
  /** poppy.json lists an MCP API: tool names cannot be listed without a session. */
  mcp: boolean;
}

/** D12 family 1, judged the same for every skill: each kind and what it says. */
const EVERY_SKILL = [
  ['credentials', C['lens-credentials'].says],
  ['approval', C['lens-approval-claim'].says],
  ['hidden-comment', C['lens-hidden-comment'].says],
  ['hidden-characters', C['lens-hidden-characters'].says],
  ['data-in-url', C['lens-data-in-url'].says],
] as const;

/** Turns a scan into the skill's lens and its findings. `where` places them on the skill's file. */
export function judgeLens(
  scan: LensScan,
  offer: LensOffer,
  where: { document: string | null; skill: string },
): { lens: LensReport; findings: Finding[] } {
  const findings: Finding[] = [];
  const asks: LensAsk[] = [];
  const at = { document: where.document, skill: where.skill };
  for (const [kind, says] of EVERY_SKILL) {
    const found = scan.asks[kind];
    if (found.count === 0) continue;
    asks.push({ kind, count: found.count, passages: found.passages });
    const first = found.passages[0]!;
    findings.push(finding(says({ line: first.line, passage: first.text }), at));
  }
  const lens: LensReport = {
    company: offer.company,
    asks,
    commands: scan.commands.map((c) => c.value),
    hosts: scan.hosts.map((h) => h.value),
    scopes: scan.scopes.map((s) => s.value),
    operations: [...scan.operations.map((o) => o.value), ...scan.operationIds.map((o) => o.value)],
    saysLimits: scan.saysLimits,
  };
  if (scan.cut) lens.cut = scan.cut;

  if (offer.company) {
    const ask = (kind: LensAskKind, items: readonly Named[]) => {
      asks.push({
        kind,
        count: items.length,
        passages: items.slice(0, LENS_LIMITS.passages).map((n) => ({ line: n.line, text: n.value })),
      });
      return and(items.map((n) => n.value));
    };
    const scopes = scan.scopes.filter((s) => !offer.scopes.has(s.value));
    if (scopes.length > 0) findings.push(finding(C['lens-scope-not-offered'].says({ scopes: ask('scope-not-offered', scopes) }), at));
    const undefinedOps: Named[] = [];
    const unchecked: Named[] = [];
    const tools: Named[] = [];
    for (const op of scan.operations) {
      if (!offer.api) unchecked.push(op);
      else if (!definesOperation(offer.api, op.method, op.path)) undefinedOps.push(op);
    }
    for (const id of scan.operationIds) {
      if (offer.api?.operationIds.has(id.value)) continue;
      if (offer.mcp) tools.push(id);
      else if (offer.api) undefinedOps.push(id);
      else unchecked.push(id);
    }
    if (undefinedOps.length > 0)
      findings.push(finding(C['lens-operation-not-defined'].says({ operations: ask('operation-not-defined', undefinedOps) }), at));
    if (unchecked.length > 0 || tools.length > 0) {
      lens.notChecked = { operations: [...unchecked, ...tools].map((n) => n.value), reason: offer.apiReason, mcp: tools.length > 0 };
      const names = (items: Named[]) => and(items.map((n) => n.value));
      if (unchecked.length > 0) {
        const said = offer.apiReason
          ? C['lens-operations-not-checked'].says.notRead({ operations: names(unchecked), reason: offer.apiReason })
          : C['lens-operations-not-checked'].says.noDescription({ operations: names(unchecked) });
        findings.push(finding(said, at));
      }
      if (tools.length > 0) findings.push(finding(C['lens-operations-not-checked'].says.mcp({ tools: names(tools) }), at));
    }
    if (scan.commands.length > 0)
      findings.push(finding(C['lens-runs-commands'].says({ commands: ask('runs-commands', scan.commands) }), at));
    const foreign = scan.hosts.filter((h) => !offer.hostAllowed(h.value));
    if (foreign.length > 0) findings.push(finding(C['lens-other-host'].says({ hosts: ask('other-host', foreign) }), at));
  } else if (scan.commands.length > 0) {
    findings.push(finding(C['lens-commands-named'].says({ commands: and(lens.commands) }), at));
  }
  if (scan.hosts.length > 0) findings.push(finding(C['lens-hosts-named'].says({ hosts: and(lens.hosts) }), at));
  if (!scan.saysLimits) findings.push(finding(C['lens-no-limits'].says({}), at));
  if (scan.cut) {
    const max = scan.cut === 'size' ? String(LENS_LIMITS.textChars) : String(LENS_LIMITS.budgetMs);
    findings.push(finding(C['lens-cut-short'].says[scan.cut]({ max }), at));
  }
  return { lens, findings };
}

/** A skill judged on its own (a file checked before deploying, or outside any company). */
export const NO_OFFER: LensOffer = { company: false, scopes: new Set(), hostAllowed: () => true, api: null, apiReason: null, mcp: false };
