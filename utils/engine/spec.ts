/**
 * Every name the drafts define, in one place. The Personal Agent Protocol (draft 0.3 / 1.0) and
 * the Agent Skills discovery index (v0.2.0) are still moving: a renamed field, a new `$schema`
 * URI or a changed limit should be a one-line change here and nowhere else.
 */

/** Documents we read, relative to the visited origin (Decision D1). */
export const WELL_KNOWN = {
  poppy: '/.well-known/poppy.json',
  skillIndex: '/.well-known/agent-skills/index.json',
  legacySkillIndex: '/.well-known/skills/index.json',
} as const;

/**
 * The sign-in trust chain (D10): RFC 8414 issuer metadata and RFC 9728 protected-resource
 * metadata, each at its identifier with the suffix inserted between host and path.
 */
export const TRUST_WELL_KNOWN = {
  issuerMetadata: '/.well-known/oauth-authorization-server',
  protectedResource: '/.well-known/oauth-protected-resource',
} as const;

/** Issuer metadata fields we compare (RFC 8414, plus the protocol's `poppy_domains`). */
export const ISSUER_METADATA = {
  issuer: 'issuer',
  poppyDomains: 'poppy_domains',
} as const;

/** Endpoints the issuer metadata must name (poppy-json.md §3.2, check 15): always, and per sign-in type. */
export const REQUIRED_ENDPOINTS = {
  always: ['token_endpoint', 'revocation_endpoint'],
  direct: ['authorization_endpoint'],
  device: ['device_authorization_endpoint'],
  mediated: [],
} as const satisfies Record<string, readonly string[]>;

/** Protected-resource metadata fields we compare (RFC 9728). */
export const PROTECTED_RESOURCE = {
  resource: 'resource',
  authorizationServers: 'authorization_servers',
} as const;

/** `$schema` values we process as discovery v0.2.0. Compared as exact strings; never fetched. */
/** The SARIF 2.1.0 schema the exported logs name (report/report-sarif.ts). */
export const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

export const SKILL_INDEX_SCHEMAS: readonly string[] = ['https://schemas.agentskills.io/discovery/0.2.0/schema.json'];

/**
 * Which protocol versions a rule applies to, as the code tables and docs/codes.md name them:
 * `all`, the drafts `0.x` (0.1 to 0.3), `1.0+`, or `unknown` (a major we do not know).
 */
export type ProtocolVersions = 'all' | '0.x' | '1.0+' | 'unknown';

/**
 * What each protocol major asks of the sign-in trust chain (D10), in one table so that a spec
 * change is a row here. `companyResource`: the company's own RFC 9728 document at the origin is
 * `required` (1.0: the three documents point at each other, fail closed) or `optional` (0.x: a
 * missing one is info, and naming an API's resource instead of the origin is a warning).
 */
export const PROTOCOL_MAJORS = {
  '0': { versions: '0.x', companyResource: 'optional' },
  '1': { versions: '1.0+', companyResource: 'required' },
} as const satisfies Record<string, { versions: ProtocolVersions; companyResource: 'optional' | 'required' }>;

/** A major we do not know is checked by the rules of the latest one we do, and says so (D10). */
export const LATEST_PROTOCOL_MAJOR: keyof typeof PROTOCOL_MAJORS = '1';

/** Protocol majors we understand; others are a warning and we still show what we can (D2). */
export const KNOWN_PROTOCOL_MAJORS: readonly string[] = Object.keys(PROTOCOL_MAJORS);

/** Top-level poppy.json field names (D2). */
export const POPPY = {
  protocolVersion: 'protocol_version',
  organization: 'organization',
  auth: 'auth',
  agent: 'agent',
  apis: 'apis',
  web: 'web',
  extensions: 'extensions',
  skillIndex: 'skill_index',
  excludedTasks: 'excluded_tasks',
} as const;

/** Nested poppy.json field names, each in one place; the tree below is built from them. */
export const ORGANIZATION = { name: 'name', domain: 'domain' } as const;
export const AUTH = { issuer: 'issuer', customScopes: 'custom_scopes' } as const;
/** Inside each sign-in type. */
export const SIGN_IN = { scopes: 'scopes' } as const;
export const MEDIATED = { endpoint: 'endpoint', fields: 'fields' } as const;
export const MEDIATED_FIELD = { name: 'name', label: 'label', secret: 'secret' } as const;
export const AGENT = { protocols: 'protocols' } as const;
export const AGENT_PROTOCOL = { type: 'type', endpoint: 'endpoint', resource: 'resource' } as const;
export const API = { type: 'type', url: 'url', description: 'description', resource: 'resource' } as const;
export const WEB = { browserSessionEndpoint: 'browser_session_endpoint' } as const;
/** Inside each extension's value; extension contents are otherwise the extension's business. */
export const EXTENSION = { version: 'version' } as const;

/** Sign-in types under `auth`, in the order the panel shows them. */
export const SIGN_IN_TYPES = ['direct', 'device', 'mediated'] as const;
export type SignInType = (typeof SIGN_IN_TYPES)[number];
/** What the panel shows when `auth` offers no sign-in type: signed-out Sessions only. */
export const SIGNED_OUT = 'signed-out' as const;

/**
 * The tree of known poppy.json fields, used to report unknown ones (info, with a did-you-mean),
 * built from the names above so a name changes in one place. `true` marks a leaf; `'map'` an
 * object whose keys are data (scopes, extension names), not fields; an array holds the shape of
 * each item. Includes the nested draft 0.1 names of D8.
 */
export type FieldTree = { readonly [key: string]: true | 'map' | FieldTree | readonly [FieldTree] };
const leaves = (names: Readonly<Record<string, string>>): FieldTree => Object.fromEntries(Object.values(names).map((n) => [n, true]));
const signIn = (type: SignInType): FieldTree =>
  type === 'mediated'
    ? { [MEDIATED.endpoint]: true, [MEDIATED.fields]: [leaves(MEDIATED_FIELD)], [SIGN_IN.scopes]: true }
    : { [SIGN_IN.scopes]: true };
export const POPPY_FIELD_TREE: FieldTree = {
  [POPPY.protocolVersion]: true,
  [POPPY.organization]: leaves(ORGANIZATION),
  [POPPY.auth]: {
    [AUTH.issuer]: true,
    ...Object.fromEntries(SIGN_IN_TYPES.map((type) => [type, signIn(type)])),
    [AUTH.customScopes]: 'map',
  },
  [POPPY.agent]: { [AGENT.protocols]: [leaves(AGENT_PROTOCOL)] },
  [POPPY.apis]: [leaves(API)],
  [POPPY.web]: leaves(WEB),
  [POPPY.extensions]: 'map',
  [POPPY.skillIndex]: true, // checked by the skill-index module with its own rules
  [POPPY.excludedTasks]: true, // tolerant shape (D2), checked on its own
};

export const API_TYPES = ['openapi', 'mcp'] as const;
export type ApiType = (typeof API_TYPES)[number];

/** Scopes the protocol itself defines; `poppy:` is otherwise reserved. */
export const PROTOCOL_SCOPES: readonly string[] = ['poppy:read', 'poppy:write'];
export const RESERVED_SCOPE_PREFIX = 'poppy:';
/** The one extension name that is not `domain/feature`. */
export const BUILT_IN_EXTENSIONS: readonly string[] = ['operations'];

/** `excluded_tasks` item keys that carry human-readable text, in preference order (D2). */
export const EXCLUDED_TASK_TEXT_KEYS = ['description', 'task', 'name', 'title'] as const;

/** Skill index top-level fields (v0.2.0). */
export const SKILL_INDEX = { schema: '$schema', skills: 'skills' } as const;
export const SKILL_INDEX_FIELDS: readonly string[] = Object.values(SKILL_INDEX);

/** Skill index entry fields (v0.2.0). */
export const SKILL_ENTRY = {
  name: 'name',
  description: 'description',
  type: 'type',
  url: 'url',
  digest: 'digest',
} as const;
export const SKILL_TYPES = ['skill-md', 'archive'] as const;
/** What owners often call `digest` by mistake: reported as that mistake, not as an unknown field. */
export const MISNAMED_DIGEST_FIELD = 'sha256';
/** Entry fields a later draft is expected to add: ignored without a finding. */
export const EXPECTED_FUTURE_ENTRY_FIELDS: readonly string[] = ['version'];

export const DIGEST_PREFIX = 'sha256:';
export const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;
/** Longest index entry `url` we accept: far above any real artifact URL, a bound on hostile input. */
export const SKILL_URL_MAX = 8192;

/** SKILL.md frontmatter keys the Agent Skills specification allows. */
export const SKILL_MD = {
  name: 'name',
  description: 'description',
  license: 'license',
  compatibility: 'compatibility',
  metadata: 'metadata',
  allowedTools: 'allowed-tools',
} as const;
export const SKILL_MD_FIELDS: readonly string[] = Object.values(SKILL_MD);
export const SKILL_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SKILL_NAME_MAX = 64;
export const DESCRIPTION_MAX = 1024;
export const COMPATIBILITY_MAX = 500;
export const SKILL_BODY_LINES_HINT = 500;
/** The specification's recommended body size in tokens (estimated at four characters a token). */
export const SKILL_BODY_TOKENS_HINT = 5000;
/** A skill's human title (its SKILL.md's first `# ` heading): looked for this far into the body, and cut to this length. */
export const SKILL_TITLE_SCAN = Object.freeze({ lines: 200, chars: 16 * 1024 });
export const SKILL_TITLE_MAX = 120;

/** Changes since the last check (D13): the line diff's table of an old and a new SKILL.md stays
 *  under this many cells (a few milliseconds), and shows at most this many lines. */
export const LINE_DIFF_CELLS_MAX = 1_000_000;
export const LINE_DIFF_LINES_SHOWN = 400;
/** The command line's `--baseline` file: an earlier JSON report or survey results, read whole. */
export const BASELINE_BYTES_MAX = 64 * 1024 * 1024;
/** The extension's memory of what sites published (D13), in characters of JSON in storage.local
 *  (beside the skill bodies' 5 MB of its 10 MB): oldest site out past the budget; one site's
 *  fingerprint past the entry cap (a thousand skills) is not kept. */
export const SITE_MEMORY_CHARS_MAX = 2_000_000;
export const SITE_MEMORY_ENTRY_MAX = 250_000;

/** Media-type essences (lower case, no parameters) each document should be served with. */
export const MEDIA_TYPES = {
  json: ['application/json'],
  skillMd: ['text/markdown', 'text/plain'],
  tarGz: ['application/gzip'],
  zip: ['application/zip'],
} as const;

/** Skill statuses (Decision D3), in the order the panel sorts them: worst first. */
export const SKILL_STATUSES = ['mismatch', 'invalid', 'blocked', 'unreachable', 'skipped', 'not-checked', 'verified'] as const;
export type SkillStatus = (typeof SKILL_STATUSES)[number];

export const VERDICTS = ['none', 'ok', 'warnings', 'errors'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Decision D5 limits. The engine takes these as an argument so tests can shrink them. */
export interface Limits {
  /** Per request, in milliseconds. */
  timeoutMs: number;
  poppyBytes: number;
  indexBytes: number;
  skillMdBytes: number;
  archiveBytes: number;
  /** Issuer and protected-resource metadata (D10): small JSON documents. */
  metadataBytes: number;
  /** Entries per index that we check; the rest are `not-checked`. */
  maxSkills: number;
  /** Requests in flight per site. */
  concurrency: number;
  maxRedirects: number;
  /** How long a result stays fresh, in milliseconds. */
  freshMs: number;
  /** The deadline of a whole check, in milliseconds: what is not done by then is `unreachable`
   *  ("the site was too slow"), so per-request timeouts cannot add up (200 drips × 10 s). */
  checkMs: number;
  /** Bytes a check reads from one site across all its files (each file has its own cap too). */
  siteBytes: number;
  /** Wall-clock budget for listing one archive (ARCHIVE_LIMITS.budgetMs); past it, a warning. */
  archiveListMs: number;
  /** Listing an archive lets other checks run after this much of its own work (ARCHIVE_LIMITS.sliceMs). */
  archiveSliceMs: number;
}

/**
 * Entries past `maxSkills` that the report still lists (as `not-checked`) so the owner sees where
 * the cut fell; the rest are only counted. A 100 000-entry index must not become a 100 000-row
 * report (or overflow the extension's session storage).
 */
export const OVER_CAP_LISTED = 20;

/**
 * The largest valid v0.2.0 index entry, in bytes as served: the index's byte cap follows from it
 * (D5, revised), so an index is never cut before our skill cap however long its entries are.
 * Each field at its largest, pretty-printed as entries of an indented `skills` array:
 * - `description`: 1024 code points (D6), each at most 6 bytes: 1 to 4 as raw UTF-8, 6 as a
 *   `\uXXXX` escape (Python's `json.dumps` escapes every non-ASCII character by default, so a
 *   CJK description takes 6 bytes a character), 2 for an escaped quote or backslash. Only
 *   escaped astral characters take more (12); such an index past the cap still has its first
 *   entries checked (check/json-prefix.ts);
 * - `name`: 64 characters of `a-z 0-9 -`; `digest`: `sha256:` and 64 hex digits; `type`:
 *   `skill-md`, the longer type;
 * - `url`: 2048 bytes, the longest URL the sitemaps protocol allows and far past any real
 *   artifact URL (SKILL_URL_MAX is the bound on hostile input, not a size to plan for);
 * - the keys, quotes, colons, commas, braces and a line each indented 6 spaces, CRLF line ends:
 *   under 128 bytes.
 * 64 + 6144 + 2048 + 71 + 8 + 128 = 8463 bytes: 1.6 MiB for the extension's 200 entries, 8.1 MiB
 * for the command line's 1000.
 */
export const INDEX_ENTRY_MAX_BYTES = SKILL_NAME_MAX + DESCRIPTION_MAX * 6 + 2048 + 71 + 8 + 128;
/** `{"$schema": "…", "skills": [` and its end, with room for a few more top-level fields. */
export const INDEX_OVERHEAD_BYTES = 4096;

/** The byte cap of an index whose first `maxSkills` entries we check (D5): the one place it is derived. */
export function indexBytesFor(maxSkills: number): number {
  return maxSkills * INDEX_ENTRY_MAX_BYTES + INDEX_OVERHEAD_BYTES;
}

/** poppy.json's own fields, besides an embedded `skill_index` (D5). */
export const POPPY_FIELDS_BYTES = 256 * 1024;

/**
 * The byte cap of a poppy.json (D5, revised): its own fields plus an index's cap, so a
 * `skill_index` embedded in it is read up to our skill cap as a stand-alone index is. Rounded up
 * to whole MiB, the size the findings name (2 MiB for the extension, 9 MiB for the command line).
 */
export function poppyBytesFor(maxSkills: number): number {
  const MiB = 1024 * 1024;
  return Math.ceil((POPPY_FIELDS_BYTES + indexBytesFor(maxSkills)) / MiB) * MiB;
}

/** Entries per index the extension checks (D5). */
const EXTENSION_MAX_SKILLS = 200;

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  timeoutMs: 10_000,
  poppyBytes: poppyBytesFor(EXTENSION_MAX_SKILLS),
  indexBytes: indexBytesFor(EXTENSION_MAX_SKILLS),
  skillMdBytes: 1024 * 1024,
  archiveBytes: 10 * 1024 * 1024,
  metadataBytes: 64 * 1024,
  maxSkills: EXTENSION_MAX_SKILLS,
  concurrency: 6,
  maxRedirects: 5,
  freshMs: 10 * 60 * 1000,
  checkMs: 30_000,
  siteBytes: 64 * 1024 * 1024,
  archiveListMs: 5000,
  archiveSliceMs: 8,
});

/**
 * A check's limits: the defaults, what the caller sets, and the index's and poppy.json's byte caps
 * derived from its skill cap unless set too (tests shrink them), so a raised `maxSkills`
 * (`--max-skills`, the panel's "Check the remaining N") raises both caps with it.
 */
export function limitsWith(given: Partial<Limits> = {}): Limits {
  const maxSkills = given.maxSkills ?? DEFAULT_LIMITS.maxSkills;
  return { ...DEFAULT_LIMITS, poppyBytes: poppyBytesFor(maxSkills), indexBytes: indexBytesFor(maxSkills), ...given };
}

/**
 * How long a visit waits before checking an origin again (docs/extension.md, "How often a site is asked"): at least `freshMs`;
 * "nothing published" about a day; the site's own Cache-Control (`CheckResult.serverFreshMs`)
 * within [freshMs, maxMs]. "Check again" always asks anew.
 */
export const REVISIT = Object.freeze({ nothingMs: 24 * 60 * 60 * 1000, maxMs: 24 * 60 * 60 * 1000 });

/** The command line's whole-check deadline (`check --timeout`): it checks up to 1000 skills. */
export const CLI_CHECK_MS = 120_000;

/**
 * Entries per index the command line checks by default (`--max-skills`), and the cap the panel's
 * "Check the remaining N" raises one origin to (the user's opt-in, remembered per origin). Such a
 * check gets the command line's deadline, `CLI_CHECK_MS`; the index's byte cap still applies.
 */
export const RAISED_MAX_SKILLS = 1000;

/**
 * What the YAML parser is given of a SKILL.md frontmatter (skill-md.md §4). The Agent Skills
 * fields fit in a few KiB even at their maximum lengths (1024 + 500 code points of up to 4 bytes);
 * past these bounds the parser's cost is the attacker's choice (deep flow nesting, thousands of
 * keys, anchors or errors), so such frontmatter is reported and not parsed. Within them, parse
 * time grows linearly (bench/frontmatter.ts prints the growth per hostile family).
 */
export const FRONTMATTER_LIMITS = {
  /** UTF-8 bytes between the delimiter lines. */
  bytes: 8 * 1024,
  /** YAML tokens (the `yaml` lexer's: scalars, indicators, spaces, line breaks). */
  tokens: 1024,
  /** Flow collections (`[`, `{`) open at once. */
  flowDepth: 8,
} as const;

/**
 * Archive rules (Decision D7, docs/rules.md "Archives"): every cap the archive lister enforces.
 * Each stops reading the moment it is crossed, so memory is bounded by these numbers, never by
 * what an archive declares. Tests shrink them through `listArchive({ limits })`.
 */
export interface ArchiveLimits {
  /** The download cap (D5): bytes of the archive itself. */
  readonly packedBytes: number;
  /** D7: more entries than this is an error (folders and links count: each is a header to read). */
  readonly entries: number;
  /** D7: bytes unpacked in total, counted while decompressing, never taken from headers. */
  readonly unpackedBytes: number;
  /** One file's unpacked size; larger betrays a bomb or a file no skill needs. */
  readonly fileBytes: number;
  /** Unpacked/packed ratio that betrays a bomb, once `ratioFloorBytes` have been unpacked. */
  readonly ratio: number;
  /** Below this many unpacked bytes the ratio is not judged (tiny padded files compress well). */
  readonly ratioFloorBytes: number;
  /** The archived SKILL.md is held in memory for the frontmatter check; same cap as a skill-md entry. */
  readonly skillMdBytes: number;
  /** A PAX record or GNU long name is held in memory while read: a bound on that buffer. */
  readonly metaBytes: number;
  /** A name longer than this (UTF-8 bytes) is an error: no file system extracts it. */
  readonly nameBytes: number;
  /** A symlink target read from a zip entry's data. */
  readonly linkTargetBytes: number;
  /** Compressed bytes handed to the inflater at a time: bounds the output of one step (deflate
   * expands at most ~1032x), so a cap is noticed within about 4 MiB of output. */
  readonly inflateStepBytes: number;
  /** Problems of one code reported before the rest are only counted. */
  readonly problemsPerCode: number;
  /** Wall-clock budget for listing one archive (the whole check has its own deadline too). */
  readonly budgetMs: number;
  /** Listing cooperatively, the lister lets other work run once it has worked this long without
   * a pause (0: after every step), so a second tab's check is never held for the whole listing. */
  readonly sliceMs: number;
  /** A tar stream's bytes besides its files' contents (headers, PAX and long-name records,
   * padding, data after the end): the unpacked cap counts contents only, this bounds the rest.
   * 1000 entries with PAX records take about 2 MiB. */
  readonly tarOverheadBytes: number;
}

const MiB = 1024 * 1024;

export const ARCHIVE_LIMITS: ArchiveLimits = Object.freeze({
  packedBytes: DEFAULT_LIMITS.archiveBytes,
  entries: 1000,
  unpackedBytes: 50 * MiB,
  fileBytes: 20 * MiB,
  ratio: 200,
  ratioFloorBytes: 1 * MiB,
  skillMdBytes: DEFAULT_LIMITS.skillMdBytes,
  metaBytes: 64 * 1024,
  nameBytes: 4096,
  linkTargetBytes: 4096,
  inflateStepBytes: 4 * 1024,
  problemsPerCode: 10,
  budgetMs: DEFAULT_LIMITS.archiveListMs,
  sliceMs: DEFAULT_LIMITS.archiveSliceMs,
  tarOverheadBytes: 4 * MiB,
});

/** The name an archive's skill file must have, at the archive's root (D7). */
export const ARCHIVE_SKILL_MD = 'SKILL.md';

/**
 * How much of an archive's listing a report keeps: the first files, up to this many and this many
 * characters of names. A report is stored per tab (storage.session) and exported; a hostile
 * archive of 1000 long names must not make it megabytes. The full count is always kept.
 */
export const ARCHIVE_LISTING_MAX = Object.freeze({ files: 100, nameChars: 16 * 1024 });

/**
 * What the full-page report accepts as a typed site address (docs/architecture.md, "Full-page
 * report"): longer input is refused before it is parsed. Origins are short; 2048 leaves room
 * for a pasted URL with a long path, which is cut back to its origin.
 */
export const TYPED_SITE_MAX_CHARS = 2048;

/**
 * Files dropped or picked on the full-page report (docs/architecture.md, "Full-page report"):
 * how many are taken (a dropped folder of a whole site's build must not become a thousand
 * entries to search) and how many lines of a raw document are shown. Each file's bytes are
 * capped by the check's own limits (DEFAULT_LIMITS) while it is read.
 */
export const DROPPED_FILES_MAX = 500;

/**
 * Origins whose index texts the extension keeps for the full-page report's numbered lines (the
 * last ones the user asked about: panel, "Check again", the report page), and the longest text
 * kept (characters). An index's cap follows the skill cap (up to 8 MiB raised), so a longer text
 * is not kept: a few of them stay well inside storage.session's quota (10 MB in Chrome).
 */
export const RAW_DOCUMENTS_ORIGINS_MAX = 3;
export const RAW_TEXT_MAX_CHARS = 1024 * 1024;
export const RAW_LINES_MAX = 5000;
/** Characters of a document the full-page report looks through for a finding's line (report/locate.ts). */
export const LOCATE_MAX_CHARS = RAW_TEXT_MAX_CHARS;

/** The SKILL.md preview tree's bounds (markdown/safe-tree.ts): characters parsed, nodes built, nesting kept. */
export interface SafeTreeLimits {
  maxChars: number;
  maxNodes: number;
  maxDepth: number;
}

export const SAFE_TREE_LIMITS: Readonly<SafeTreeLimits> = Object.freeze({
  maxChars: 100_000,
  maxNodes: 5000,
  maxDepth: 12,
});

/**
 * The lens (D12, docs/lens.md): what it reads of one verified skill, and what a report keeps of
 * it. Its patterns are linear, so a cap on the text bounds its time; the budget stops it anyway.
 */
export const LENS_LIMITS = Object.freeze({
  /** Characters of one skill's text read; the rest is not looked at (the summary says so). */
  textChars: 256 * 1024,
  /** Wall-clock budget for one skill. */
  budgetMs: 250,
  /** Passages kept per kind of ask, and characters per passage. */
  passages: 5,
  passageChars: 160,
  /** Commands, hosts, scopes and operations kept per skill. */
  items: 12,
  /** Operations read from one OpenAPI description; past them it is partial. */
  operations: 5000,
  /** Characters of a YAML OpenAPI description parsed (JSON has the fetch cap alone). */
  yamlChars: 512 * 1024,
});

/** The OpenAPI description of a poppy.json's `apis` (D12): fetched under D5 like any document. */
export const OPENAPI_BYTES = 2 * 1024 * 1024;
export const OPENAPI_MEDIA_TYPES: readonly string[] = [
  'application/vnd.oai.openapi+json',
  'application/json',
  'application/vnd.oai.openapi',
  'application/yaml',
  'text/yaml',
];
