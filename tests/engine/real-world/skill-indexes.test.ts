// The real-world corpus (docs/real-world-corpus.md): 38 agent-skills indexes published in public
// repositories, each served under its own host name over TLS, checked as an agent would check them
// (checkSite over the command line's Node transport, other hosts allowed). Every row is what a
// careful agent of the discovery RFC v0.2.0 (docs/spec/agent-skills-index.md) and decisions D1–D13
// reach, with the reason in `why`; the engine must agree with every one (a row whose fix is on
// another branch says which, in `awaiting`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../../cli/english';
import { checkSite } from '../../../utils/engine/check';
import type { Report } from '../../../utils/engine/report/report';
import type { SkillStatus, Verdict } from '../../../utils/engine/spec';
import { CORPUS } from '../../fixtures/real-world/corpus';
import { startCorpusServer, type CorpusServer } from '../../fixtures/real-world/corpus-server';

interface Expected {
  verdict: Verdict;
  /** Every entry's status, by name, in the index's order. */
  skills: Record<string, SkillStatus>;
  /** The warning and error codes the verdict rests on (info findings left out). */
  codes: string[];
  /** Why an unreachable skill is unreachable: the index alone is kept (no licence), so the
   *  site answers 404; or its host is not in the corpus, so it does not resolve. */
  unreachable?: 'HTTP 404' | 'the host name does not resolve';
  why: string;
  /** The fix this row waits for on another branch: the row runs as \`it.fails\` until it lands,
   *  and then fails, asking for this field to be removed. */
  awaiting?: string;
}

const all = (names: readonly string[], status: SkillStatus): Record<string, SkillStatus> =>
  Object.fromEntries(names.map((name) => [name, status]));

const COLDIQ = [
  'ad-audiences',
  'apollo-search',
  'campaign-delivery',
  'clay-mastery',
  'cold-email-copy',
  'coldiq-search-enrich',
  'contact-enrichment',
  'crawford-method',
  'email-infra',
  'emailbison',
  'fireflies-usage',
  'icp-personas',
  'instantly-api',
  'list-dedup',
  'meta-ads-scraper',
  'signal-detection',
  'tam-scoring',
  'website-visitors',
];
const ISITAGENTREADY = [
  'link-headers',
  'content-signals',
  'api-catalog',
  'oauth-discovery',
  'oauth-protected-resource',
  'mcp-server-card',
  'agent-skills',
  'webmcp',
];
const AUDIO = ['tuner', 'metronome', 'generator', 'sweep', 'noise', 'converter', 'recorder'].map((n) => `audiomultitool-${n}`);
const KYE = [
  'register-entity',
  'create-delegation',
  'authorize',
  'invoke-capability',
  'point-in-time-audit',
  'request-recovery',
  'report-compromise',
  'rotate-keys',
].map((n) => `kye-${n}`);
const SEQUENZY = [
  'sequenzy-email-marketing',
  'sequenzy',
  'emailworkflowskill',
  'openclawemailskill',
  'hermesemailskill',
  'emaildesignskill',
  'claudeemailskill',
  'codexemailskill',
  'claudeemailmarketing',
  'emaildeliverabilityskill',
  'newsletterskill',
  'dripcampaignskill',
  'emailautomationskill',
  'emailagentskill',
  'emailcampaignskill',
];
const OPENSPEC = [
  'openspec-apply-change',
  'openspec-archive-change',
  'openspec-explore',
  'openspec-propose',
  'openspec-sync-specs',
  'python-code-style',
];
const MARCFARGAS = ['azcli', 'gcloud', 'pm2', 'pre-release', 'repo-hygiene', 'sheet-model', 'vhs', 'web-search'];

const UNKNOWN_SCHEMA = 'an unknown `$schema`: an agent warns and does not process it (RFC SHOULD, spec §4), so every entry is skipped';
const OLD_FORMAT = 'only the legacy /.well-known/skills/index.json (v0.1, no digests): listed as old format, nothing verified (D1)';

const EXPECTED: Record<string, Expected> = {
  // v0.2.0 as the RFC writes it.
  sabintsev: {
    verdict: 'ok',
    skills: { 'sabintsev-profile': 'verified' },
    codes: [],
    why: 'correct v0.2.0; its one SKILL.md hashes to its digest',
  },
  audiomultitool: {
    verdict: 'ok',
    skills: all(AUDIO, 'verified'),
    codes: [],
    why: 'correct v0.2.0 with absolute URLs on its own host; all seven digests match',
  },
  dhruvdoshi: {
    verdict: 'ok',
    skills: { 'website-content': 'verified' },
    codes: [],
    why: 'correct v0.2.0 (a framework site, root public/); digest matches',
  },
  kinocut: { verdict: 'ok', skills: { 'kinocut-workflow-guide': 'verified' }, codes: [], why: 'correct v0.2.0; digest matches' },
  kami: {
    verdict: 'warnings',
    skills: { kami: 'verified' },
    codes: ['skill-md-description-differs'],
    why: "the skill is the site root /SKILL.md and verifies; its entry `version` is PR #380's expected field (no finding), but the index description is not the frontmatter one (D6 warning)",
  },
  itsjan: {
    verdict: 'warnings',
    skills: { 'itsjan-profile': 'verified' },
    codes: ['skill-md-description-differs'],
    why: 'verified, but the index description drops "from Bremen" that the frontmatter has (D6: a warning)',
  },
  coldiq: {
    verdict: 'warnings',
    skills: all(COLDIQ, 'verified'),
    codes: ['skill-md-description-whitespace'],
    why: 'skills on raw.githubusercontent.com all verify; folded YAML (`>`) descriptions end in a newline the index lacks (D6 warning)',
  },
  // v0.2.0 whose skill files the corpus does not hold.
  '110kc3-seo': {
    verdict: 'errors',
    skills: all(['find-a-paid-api', 'find-an-mcp-server', 'grade-a-site', 'list-a-product'], 'unreachable'),
    codes: ['skill-unreachable'],
    unreachable: 'HTTP 404',
    why: 'correct v0.2.0, but the repository has no licence: index only, so every skill is unreachable (an agent cannot use it)',
  },
  'cairn-cli': {
    verdict: 'errors',
    skills: { 'cairn-cli': 'unreachable' },
    codes: ['skill-unreachable'],
    unreachable: 'HTTP 404',
    why: 'correct v0.2.0; no licence, index only',
  },
  quidkey: {
    verdict: 'errors',
    skills: { 'quidkey-pay-by-bank-integration': 'unreachable' },
    codes: ['skill-unreachable'],
    unreachable: 'HTTP 404',
    why: 'correct v0.2.0; no licence, index only',
  },
  palasor: {
    verdict: 'errors',
    skills: { 'palasor-public-landing': 'unreachable' },
    codes: ['skill-unreachable'],
    unreachable: 'HTTP 404',
    why: 'correct v0.2.0; no licence, index only',
  },
  hcsl: {
    verdict: 'errors',
    skills: { 'discover-hcsl': 'unreachable' },
    codes: ['skill-unreachable'],
    unreachable: 'HTTP 404',
    why: 'correct v0.2.0; CC BY-NC-SA content, index only',
  },
  enesefetokta: {
    verdict: 'errors',
    skills: { 'portfolio-info': 'unreachable' },
    codes: ['skill-unreachable'],
    unreachable: 'the host name does not resolve',
    why: 'served at www.enesefetokta.shop (its CNAME) but the entry names the bare domain, another host the corpus does not serve',
  },
  deepworkplan: {
    verdict: 'errors',
    skills: all(ISITAGENTREADY, 'unreachable'),
    codes: ['skill-unreachable'],
    unreachable: 'the host name does not resolve',
    why: 'correct v0.2.0 whose skills live on isitagentready.com, another site not in the corpus',
  },
  'giskard-docs': {
    verdict: 'errors',
    skills: { 'scenario-generator': 'unreachable', 'rag-evaluator': 'unreachable' },
    codes: ['skill-unreachable'],
    unreachable: 'HTTP 404',
    why: 'skills pinned to another repository on raw.githubusercontent.com, which the corpus serves only for coldiq: 404',
  },
  // v0.2.0 entries that break the schema.
  'llms-skills-registry': {
    verdict: 'errors',
    skills: all(['search_knowledge', 'get_concept', 'list_concepts'], 'invalid'),
    codes: ['bad-name'],
    why: 'underscores in skill names break the Agent Skills naming rule (a-z, 0-9, -): invalid, never fetched',
  },
  sdframe: {
    verdict: 'errors',
    skills: { SDFrame: 'invalid' },
    codes: ['bad-name'],
    why: 'known $schema, so v0.2.0 (its top-level `version` and `entries` are unknown fields, ignored); the name has capitals: invalid',
  },
  'tfm-fund': {
    verdict: 'warnings',
    skills: { 'montelibero-tfm-info': 'skipped' },
    codes: ['unknown-type'],
    why: 'known $schema, but `type: markdown` is no type the RFC defines: skip and warn (its `sha256` field is never reached)',
  },
  // No `$schema` at the v0.2.0 address (D8).
  adafede: {
    verdict: 'errors',
    skills: { 'Website Navigation': 'invalid' },
    codes: ['bad-digest', 'bad-name', 'missing-schema', 'missing-type'],
    why: 'no $schema but its entry has a `url`, a v0.2.0 field: D8 reads it as v0.2.0 missing $schema (error); no type, no digest, a name with capitals and a space: invalid',
  },
  crossloop: {
    verdict: 'warnings',
    skills: { 'Workout Analysis': 'skipped' },
    codes: ['old-format'],
    why: 'no $schema and no type, url or digest: read as v0.1 (the RFC for an absent $schema; D8), old format, nothing to verify',
  },
  hawkinsoperations: {
    verdict: 'warnings',
    skills: all(['#1', '#2', '#3', '#4', '#5'], 'skipped'),
    codes: ['old-format'],
    why: 'no $schema and no v0.2.0 fields; its top-level `version` is the publisher\'s date, not "0.2.0", and no `files` objects: read as v0.1 as the RFC says, not as the interim draft',
  },
  // An invented `$schema` URI.
  tedbuy: { verdict: 'warnings', skills: { 'TedBuy Product Search': 'skipped' }, codes: ['unknown-schema'], why: UNKNOWN_SCHEMA },
  cabuya: {
    verdict: 'warnings',
    skills: { 'adopt-cabuya': 'skipped', 'publish-a-cabuya-feed': 'skipped' },
    codes: ['unknown-schema'],
    why: `a $schema on raw.githubusercontent.com that the RFC never published; ${UNKNOWN_SCHEMA} (its sha256 fields and version 0.2.0 are never read)`,
  },
  icebergmedia: { verdict: 'warnings', skills: { 'local-seo-guide': 'skipped' }, codes: ['unknown-schema'], why: UNKNOWN_SCHEMA },
  metagraphed: {
    verdict: 'warnings',
    skills: { bittensor: 'skipped' },
    codes: ['unknown-schema'],
    why: `entries are valid v0.2.0, but the $schema is the site's own URI; ${UNKNOWN_SCHEMA}`,
  },
  'kye-protocol': { verdict: 'warnings', skills: all(KYE, 'skipped'), codes: ['unknown-schema'], why: UNKNOWN_SCHEMA },
  techdominator: {
    verdict: 'warnings',
    skills: { 'tech-dominator-blog-content': 'skipped' },
    codes: ['unknown-schema'],
    why: UNKNOWN_SCHEMA,
  },
  ongoingblog: { verdict: 'warnings', skills: { 'ongoingblog-content': 'skipped' }, codes: ['unknown-schema'], why: UNKNOWN_SCHEMA },
  webintel: {
    verdict: 'warnings',
    skills: { 'link-preview': 'skipped', 'take-screenshot': 'skipped' },
    codes: ['unknown-schema'],
    why: UNKNOWN_SCHEMA,
  },
  daliso: {
    verdict: 'warnings',
    skills: all(['read-blog', 'list-projects', 'read-site', 'contact-author'], 'skipped'),
    codes: ['unknown-schema'],
    why: UNKNOWN_SCHEMA,
  },
  getcoral: {
    verdict: 'warnings',
    skills: {},
    codes: ['unknown-schema'],
    why: 'an empty skill list under an invented $schema: published, but in a format no agent reads',
  },
  // Only the legacy address.
  'beautiful-mermaid': { verdict: 'warnings', skills: { 'beautiful-mermaid': 'skipped' }, codes: ['old-format'], why: OLD_FORMAT },
  'marcfargas-skills': { verdict: 'warnings', skills: all(MARCFARGAS, 'skipped'), codes: ['old-format'], why: OLD_FORMAT },
  filedrop: { verdict: 'warnings', skills: { filedrop: 'skipped' }, codes: ['old-format'], why: OLD_FORMAT },
  sequenzy: {
    verdict: 'warnings',
    skills: all(SEQUENZY, 'skipped'),
    codes: ['old-format'],
    why: `${OLD_FORMAT}; its own $schema there changes nothing`,
  },
  riftonix: { verdict: 'warnings', skills: all(OPENSPEC, 'skipped'), codes: ['old-format'], why: OLD_FORMAT },
  webcli: { verdict: 'warnings', skills: { webcli: 'skipped' }, codes: ['old-format'], why: OLD_FORMAT },
  midtrans: { verdict: 'warnings', skills: { 'integrate-midtrans-payments': 'skipped' }, codes: ['old-format'], why: OLD_FORMAT },
};

let server: CorpusServer;
const reports = new Map<string, Report>();
beforeAll(async () => {
  server = await startCorpusServer();
  const transport = server.transport();
  // One check per site, side by side as a survey runs them; the table below reads the reports.
  await Promise.all(
    CORPUS.map(async (site) => {
      const { report } = await checkSite(`https://${site.host}/`, { transport, mayContact: () => true });
      reports.set(site.slug, report);
    }),
  );
});
afterAll(() => server?.close());

describe('the real-world corpus of skill indexes', () => {
  it('has an expectation for every site and a site for every expectation', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(CORPUS.map((s) => s.slug).sort());
  });

  for (const site of CORPUS) {
    const expected = EXPECTED[site.slug];
    if (!expected) continue;
    (expected.awaiting ? it.fails : it)(`${site.slug}: ${expected.why}`, () => {
      const report = reports.get(site.slug)!;
      expect(report.verdict).toBe(expected.verdict);
      expect(Object.fromEntries(report.skills.map((s) => [s.name, s.status]))).toEqual(expected.skills);
      expect([...new Set(report.findings.filter((f) => f.severity !== 'info').map((f) => f.code))].sort()).toEqual(expected.codes);
      for (const skill of report.skills.filter((s) => s.status === 'unreachable')) {
        expect(skill.reason && english(skill.reason)).toBe(expected.unreachable);
      }
    });
  }
});
