import type { ArchiveFormat } from '../archive/detect';
import type { EntryType } from '../archive/listing';
import type { Finding } from './findings';
import type { TrustReport } from '../trust/types';
import type { Words } from './words';
import type { LensPassage } from '../lens/types';

export type { LensPassage } from '../lens/types';
import type { ApiType, SignInType, SkillStatus, Verdict, SIGNED_OUT } from '../spec';

/** A scope an agent may ask for, with the company's plain-words description when it gave one. */
export interface ScopeInfo {
  name: string;
  description: string | null;
}

export interface MediatedField {
  name: string;
  label: string | null;
  secret: boolean;
}

/** One way an agent signs in, or `signed-out` when `auth` offers no sign-in type. */
export interface SignIn {
  type: SignInType | typeof SIGNED_OUT;
  scopes: ScopeInfo[];
  /** Mediated sign-in only: where the agent relays the person's credentials. */
  endpoint?: string | null;
  fields?: MediatedField[];
}

export interface ApiInfo {
  /** `openapi` or `mcp`; another value is kept as written (and reported). */
  type: ApiType | string;
  url: string | null;
  description: string | null;
  resource: string | null;
}

export interface AgentProtocol {
  type: string | null;
  endpoint: string | null;
  resource: string | null;
}

export interface ExtensionInfo {
  name: string;
  version: string | null;
}

/** The typed model of what a site's poppy.json tells agents (Decision D2). */
export interface PoppyModel {
  /** Final URL after redirects. */
  url: string;
  requestedUrl: string;
  redirected: boolean;
  protocolVersion: string | null;
  organization: {
    name: string | null;
    domain: string | null;
    /** Null when there is no domain to compare. */
    domainMatches: boolean | null;
  };
  issuer: string | null;
  signInTypes: SignIn[];
  agentProtocols: AgentProtocol[];
  apis: ApiInfo[];
  browserSessionEndpoint: string | null;
  extensions: ExtensionInfo[];
  /** Human-readable excluded tasks, in the site's order. */
  excludedTasks: string[];
  /** The raw `excluded_tasks` value when its shape was not recognised (shown as JSON). */
  excludedTasksRaw: unknown;
  hasSkillIndex: boolean;
}

/** Byte-level reasons a served file may differ from its published digest. */
export type MismatchCause =
  /** The digest matches the bytes with CRLF line ends turned into LF. */
  | 'crlf-to-lf'
  /** ... with LF turned into CRLF. */
  | 'lf-to-crlf'
  /** ... with a leading UTF-8 BOM removed. */
  | 'bom-removed'
  /** ... with a UTF-8 BOM added. */
  | 'bom-added'
  /** ... with a final newline added. */
  | 'final-newline-added'
  /** ... with the final newline removed. */
  | 'final-newline-removed'
  /** The server labelled a .tar.gz as content-coded, so fetch decoded it before we hashed it. */
  | 'content-encoding'
  /** The body looks like an HTML page (a soft 404 or a login page), not the artifact. */
  | 'html-body';

export type SkillSource = 'poppy' | 'well-known' | 'both' | 'legacy';

export interface SkillReport {
  /** The entry's name as written, or `#<n>` when it has none. */
  name: string;
  description: string | null;
  type: string | null;
  source: SkillSource;
  /** Resolved absolute URL of the artifact, or the raw value when it does not resolve. */
  url: string | null;
  status: SkillStatus;
  expectedDigest: string | null;
  actualDigest: string | null;
  /** Why, for a status other than verified: "HTTP 404", "no CORS header", the entry's first error. */
  reason?: Words;
  /** Why a `not-checked` or `skipped` entry was not verified: on another host that privacy settings
   *  keep us from contacting yet, past the entry cap (D5), in a format (index or entry type)
   *  that we list but do not verify, or on a host whose name did not resolve while this computer
   *  looked offline (check/offline.ts), or, for files checked before publishing, not among the
   *  files given (`not-provided`, CheckDeps.provides). */
  notChecked?: 'other-host' | 'over-cap' | 'format' | 'offline' | 'not-provided';
  /** A `not-checked` skill whose URL redirects to another host not contacted yet: that address. */
  redirectsTo?: string;
  contentType?: string | null;
  mismatch?: MismatchCause[];
  /** Parsed SKILL.md frontmatter of a verified skill-md (or of an archive's SKILL.md), as plain JSON values. */
  frontmatter?: Record<string, unknown> | null;
  /** The verified SKILL.md's first `# ` heading ("Change a flower delivery"), bounded; absent without one. */
  title?: string;
  /** What a verified archive holds (D7); absent for other entries and unverified archives. */
  archive?: ArchiveReport;
  /** What the verified skill asks of an agent (D12); absent for a skill not verified. */
  lens?: LensReport;
}

/** The kinds of ask the lens warns about: every skill's (D12 family 1), then a company's own. */
export type LensAskKind =
  | 'credentials'
  | 'approval'
  | 'hidden-comment'
  | 'hidden-characters'
  | 'data-in-url'
  | 'scope-not-offered'
  | 'operation-not-defined'
  | 'runs-commands'
  | 'other-host';

/** One kind of ask, with the passages that make it (LENS_LIMITS.passages at most). */
export interface LensAsk {
  kind: LensAskKind;
  count: number;
  passages: LensPassage[];
}

/** What a skill asks of an agent, shown not certified (D12): a few lines, expandable to passages. */
export interface LensReport {
  /** Listed in the company's poppy.json: judged against what it offers. */
  company: boolean;
  asks: LensAsk[];
  /** Shown, not judged: what it names (LENS_LIMITS.items of each at most). */
  commands: string[];
  hosts: string[];
  scopes: string[];
  operations: string[];
  /** Operations or tools the API description could not settle, and why. */
  notChecked?: { operations: string[]; reason: Words | null; mcp: boolean };
  /** It says what it cannot do. */
  saysLimits: boolean;
  /** Reading stopped at the text cap or the time budget (LENS_LIMITS). */
  cut?: 'size' | 'time';
}

/** One entry of an archive, as the archive names it. */
export interface ArchiveEntryReport {
  path: string;
  /** Unpacked bytes. */
  size: number;
  type: EntryType;
  /** A link's target, as written in the archive. */
  target?: string;
  /** A file that runs: an execute bit in its mode, or a `#!` first line. */
  runs?: 'executable' | 'script';
}

/** An archive's listing in a report, bounded (ARCHIVE_LISTING_MAX): the first files and the counts. */
export interface ArchiveReport {
  /** Told by the bytes; `unknown` when they are neither gzip nor zip. */
  format: ArchiveFormat;
  /** Entries read (every entry, unless reading stopped at a cap). */
  entryCount: number;
  /** The first entries, in archive order. */
  files: ArchiveEntryReport[];
  /** Entries read but left out of `files` to keep the report small. */
  filesOmitted: number;
  /** Reading stopped early (a cap, unreadable data): the listing is partial. */
  partial: boolean;
  unpackedBytes: number;
  /** Digest of the root SKILL.md when it could be read: the panel asks for its preview by it. */
  skillMdDigest: string | null;
}

/** One document we requested and what came of it, for the report's "what was fetched" list. */
export interface DocumentInfo {
  kind: 'poppy' | 'index' | 'legacy-index';
  requestedUrl: string;
  url: string | null;
  /** HTTP status, or null when no response arrived (blocked, network error, timeout). */
  httpStatus: number | null;
  contentType: string | null;
  bytes: number | null;
  redirected: boolean;
  /** Whether the document is published: 200 and a JSON body. */
  published: boolean;
  /**
   * Simply not there: 404 or 410, or an answer that is not JSON at all (an HTML soft 404, a
   * sign-in page, plain text: D8). A document that failed any other way is neither.
   */
  absent: boolean;
  /** Its URL redirects to another host this check may not contact yet (D5): the address not
   *  asked. Opening the panel, or the command line without `--same-origin-only`, follows it. */
  redirectsTo?: string;
  /** Files checked before publishing: this one was not among them, so it was not asked for
   *  (CheckDeps.provides). `absent` too, with no status: nothing answered. */
  notProvided?: true;
}

/** A check that ran out of its budget before it was done (Limits.checkMs, Limits.siteBytes). */
export interface CutShort {
  /** What ran out first: the whole check's deadline, or the bytes it may read from one site. */
  by: 'deadline' | 'bytes';
  /** That limit: milliseconds for the deadline, bytes for the allowance. */
  limit: number;
  /** Requests (documents and skill files) it stopped or kept from starting. */
  unfinished: number;
}

/** The one report the engine produces; the panel, the export and the CLI all read it. */
export interface Report {
  /** The origin that was checked, e.g. `https://flowers.example`. */
  target: string;
  /** ISO 8601. */
  checkedAt: string;
  verdict: Verdict;
  /** The visited site is a local development site (D5, D8). */
  local: boolean;
  poppy: PoppyModel | null;
  skills: SkillReport[];
  findings: Finding[];
  documents: DocumentInfo[];
  /** Present when the check was cut short: what it did not get to is `unreachable`. */
  cutShort?: CutShort;
  /** Set when an index lists more skills than we check (D5: our limit, never the site's error). */
  cap?: SkillCap;
  /** The sign-in trust chain (D10); absent when poppy.json names no issuer. */
  trust?: TrustReport;
}

/** An index past our cap: `limit` entries were checked of `listed`; `unlisted` are left out of `skills`. */
export interface SkillCap {
  limit: number;
  listed: number;
  unlisted: number;
}
