import type { FetchKind, FetchOptions, Transport, Validators } from '../net/fetch-bounded';
import type { SiteContext } from '../net/url-policy';
import type { Limits } from '../spec';
import type { CheckBudget } from './budget';
import type { Remembered, SkillMemory } from './memory';
import type { HostLog } from './offline';

/**
 * SHA-256 of the exact bytes as lower-case hex. The default is WebCrypto (`sha256Hex`), which runs
 * everywhere; Node's command line injects `node:crypto`, whose synchronous hash skips WebCrypto's
 * hand-off to a thread pool and back for every file (docs/benchmarks.md).
 */
export type Sha256 = (bytes: Uint8Array) => string | Promise<string>;

export interface CheckProgress {
  done: number;
  total: number;
}

/** What the caller gives the engine: it owns no globals, so it runs anywhere. */
export interface CheckDeps {
  transport: Transport;
  now?: () => Date;
  limits?: Partial<Limits>;
  /** May this check contact an origin other than the site's own? Default: no (D5). */
  mayContact?: (origin: string) => boolean;
  signal?: AbortSignal;
  /** Re-check ("Check again"): every file fetched whole, no validators, HTTP caches revalidated. */
  revalidate?: boolean;
  sha256?: Sha256;
  /** Validators and bodies of skill files from earlier checks (the extension keeps them in storage). */
  memory?: SkillMemory;
  /** Follow the sign-in trust chain (D10); false for files checked before deploying, whose
   *  issuer and APIs serve those documents themselves. Default: yes. */
  trustChain?: boolean;
  onProgress?: (progress: CheckProgress) => void;
  /** Keep the indexes' texts as served (`CheckResult.rawDocuments`, the full-page report's
   *  numbered lines). The command line shows none, so it need not hold a copy of an index for
   *  the whole check. Default: yes. */
  rawTexts?: boolean;
  /** Lets other work run while an archive is listed (`nextTurn` by default: a timer turn). The
   *  background runs every tab's checks on one thread; listing yields every `archiveSliceMs`. */
  yieldToOthers?: () => Promise<void>;
  /** Files checked before publishing (the full-page report's dropped files): whether one was given
   *  for this URL of the site. A site file that was not is `not provided`, an info finding of its
   *  own, and never asked for: it is not the site's 404. Absent: every URL is asked. */
  provides?: (url: string) => boolean;
}

/** A turn of the event loop for everything else waiting: a zero-delay timer runs after pending I/O. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** The engine's working state for one check. */
export interface CheckContext {
  site: SiteContext;
  transport: Transport;
  limits: Limits;
  signal?: AbortSignal;
  revalidate: boolean;
  mayContact: (origin: string) => boolean;
  sha256: Sha256;
  memory: SkillMemory | null;
  /** What `memory` recalled for this check's skill URLs (empty on a re-check or without memory). */
  remembered: ReadonlyMap<string, Remembered>;
  /** The shortest reuse time the site's answers allowed so far (`CheckResult.serverFreshMs`). */
  serverFreshMs: number | null;
  /** The deadline and byte allowance of the whole check. */
  budget: CheckBudget;
  /** Follow the sign-in trust chain (`CheckDeps.trustChain`). */
  trustChain: boolean;
  /** `CheckDeps.yieldToOthers`. */
  yieldToOthers: () => Promise<void>;
  /** What requests to other hosts came to, for check/offline.ts. */
  hosts: HostLog;
  /** `CheckDeps.provides`, or null when a site is checked. */
  provides: ((url: string) => boolean) | null;
}

/** Whether `url` names a file of the checked files that was not given (`CheckDeps.provides`). */
export function notProvided(ctx: CheckContext, url: string): boolean {
  if (ctx.provides === null) return false;
  return URL.canParse(url) && new URL(url).origin === ctx.site.origin && !ctx.provides(url);
}

/** What every request of the check passes to the fetch module: one place, so none forgets the budget. */
export function fetchOptions(ctx: CheckContext, kind: FetchKind, validators?: Validators): FetchOptions {
  const options: FetchOptions = {
    kind,
    site: ctx.site,
    transport: ctx.transport,
    limits: ctx.limits,
    signal: ctx.signal,
    revalidate: ctx.revalidate,
    deadline: ctx.budget.deadline,
    siteBytes: ctx.budget.siteBytes,
    // The same contact rule for the first request and every redirect hop (D5, D10).
    mayContact: ctx.mayContact,
  };
  if (validators) options.validators = validators;
  return options;
}
