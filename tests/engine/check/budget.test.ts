// The whole check's budget (docs/security.md): a deadline that per-request timeouts cannot add up past,
// and a byte allowance across all of a site's files. Real servers on 127.0.0.1; the limits are
// shrunk through `limits` so the slow sites stay quick, and what is asserted is what happened
// (which requests were made, what the report says), never how long it took.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { checkSite } from '../../../utils/engine/check';
import type { Transport } from '../../../utils/engine/net/fetch-bounded';
import { WELL_KNOWN, type Limits } from '../../../utils/engine/spec';
import { DRIP_NAMES, dripMany } from '../../fixtures/hostile/budget';
import { entryFor, indexOf, plainSkill, SKILLS_DIR } from '../../fixtures/hostile/kit';
import { silent } from '../../fixtures/hostile/slow';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { markdown, type FixtureSite } from '../../fixtures/site';
import { english } from '../../helpers/english';

const BIG_NAMES = Array.from({ length: 20 }, (_, i) => `big-${String(i + 1).padStart(2, '0')}`);
/** Every file the same size (the names are), a little over 100 KiB. */
const bigSkill = (name: string) => plainSkill(name, `# ${name}\n\n${'Step.\n'.repeat((100 * 1024) / 6)}`);
const BIG_SIZE = bigSkill(BIG_NAMES[0]!).byteLength;

/** Twenty verified skills of 100 KiB each: 2 MiB in all, twice the allowance the test gives. */
const bigSkills: FixtureSite = {
  name: 'h-big-skills',
  summary: 'Twenty 100 KiB skill files.',
  routes: {
    [WELL_KNOWN.skillIndex]: indexOf(BIG_NAMES.map((n) => entryFor(n, `${n}/SKILL.md`, bigSkill(n)))),
    ...Object.fromEntries(BIG_NAMES.map((n) => [`${SKILLS_DIR}${n}/SKILL.md`, markdown(bigSkill(n))])),
  },
  expect: { verdict: 'warnings', poppy: false, source: 'well-known', skills: {} },
};

let server: FixtureServer;
let transport: Transport;
beforeAll(async () => {
  server = await startFixtureServer({ sites: [dripMany, silent, bigSkills] });
  transport = createNodeTransport({ resolve: server.resolveMap, ca: server.caPem });
});
afterAll(() => server.close());

const check = (site: string, limits: Partial<Limits>) => checkSite(server.publicOrigin(site), { transport, limits });
const skillRequests = () => server.requests.filter((r) => r.url.startsWith(SKILLS_DIR) && r.url.endsWith('/SKILL.md'));

describe('the deadline of a whole check', () => {
  it(`ends ${DRIP_NAMES.length} dripping skill files at the deadline, not at ${DRIP_NAMES.length} timeouts`, async () => {
    server.clearRequests();
    // Six at a time and a 1 s timeout each: without a deadline, 34 rounds of requests (34 s).
    const { report } = await check(dripMany.name, { timeoutMs: 1000, checkMs: 2500 });

    expect(report.cutShort).toMatchObject({ by: 'deadline', limit: 2500 });
    expect(report.skills.map((s) => s.status)).toEqual(DRIP_NAMES.map(() => 'unreachable'));
    // At most three rounds started before the deadline; every later file was never asked for.
    const asked = new Set(skillRequests().map((r) => r.url));
    expect(asked.size).toBeLessThanOrEqual(18);
    const tooSlow = report.skills.filter((s) => english(s.reason) === 'the site was too slow');
    expect(tooSlow.length).toBeGreaterThanOrEqual(DRIP_NAMES.length - asked.size);
    expect(report.cutShort!.unfinished).toBe(tooSlow.length);
    // Those never asked for are among them: none of them timed out on its own.
    const neverAsked = report.skills.filter((s) => ![...asked].some((url) => s.url!.endsWith(url)));
    expect(neverAsked.every((s) => english(s.reason) === 'the site was too slow')).toBe(true);

    const cut = report.findings.filter((f) => f.code === 'check-cut-short');
    expect(cut).toHaveLength(1);
    expect(cut[0]!.severity).toBe('error');
    expect(english(cut[0]!.message)).toBe(
      `The check was cut short after 2.5 s: ${tooSlow.length} files were not read because the site was too slow.`,
    );
    // One finding for the whole cut, none per file it stopped.
    const perSkill = report.findings.filter((f) => f.skill !== undefined && tooSlow.some((s) => s.name === f.skill));
    expect(perSkill).toEqual([]);
    expect(report.verdict).toBe('errors');
  });

  it('counts a site that gave no answer before the deadline as one that did not answer', async () => {
    const { report } = await check(silent.name, { timeoutMs: 10_000, checkMs: 300 });
    // poppy.json and the index stopped; the legacy index is not asked for when nothing answered.
    expect(report.cutShort).toEqual({ by: 'deadline', limit: 300, unfinished: 2 });
    const codes = report.findings.map((f) => f.code);
    expect(codes).toContain('site-unreachable');
    expect(codes).toContain('check-cut-short');
    expect(report.documents.map((d) => [d.kind, d.httpStatus])).toEqual([
      ['poppy', null],
      ['index', null],
    ]);
    expect(server.requests.filter((r) => r.url === WELL_KNOWN.legacySkillIndex)).toEqual([]);
  });

  it('is not cut short when it ends in time, and says nothing about a deadline', async () => {
    const { report } = await check(bigSkills.name, { checkMs: 30_000 });
    expect(report.cutShort).toBeUndefined();
    expect(report.findings.map((f) => f.code)).not.toContain('check-cut-short');
    expect(report.skills.filter((s) => s.status === 'verified')).toHaveLength(BIG_NAMES.length);
  });
});

describe('the byte allowance of a whole site', () => {
  it('stops reading when the files of one site pass it, and says how many were not read', async () => {
    server.clearRequests();
    const allowance = 1024 * 1024;
    // One at a time, so the count is exact: the index, then files until the allowance runs out.
    const { report } = await check(bigSkills.name, { siteBytes: allowance, concurrency: 1 });

    const verified = report.skills.filter((s) => s.status === 'verified');
    const unread = report.skills.filter((s) => s.status === 'unreachable');
    const indexBytes = report.documents.find((d) => d.kind === 'index')!.bytes!;
    expect(verified).toHaveLength(Math.floor((allowance - indexBytes) / BIG_SIZE));
    expect(verified.length + unread.length).toBe(BIG_NAMES.length);
    for (const s of unread) expect(english(s.reason)).toBe("the site's files passed the 1 MiB a check reads from one site");
    // The file that crossed the line was stopped mid-body; none after it was requested.
    expect(skillRequests()).toHaveLength(verified.length + 1);

    expect(report.cutShort).toEqual({ by: 'bytes', limit: allowance, unfinished: unread.length });
    const cut = report.findings.filter((f) => f.code === 'site-bytes-exceeded');
    expect(cut).toHaveLength(1);
    expect(english(cut[0]!.message)).toBe(`The check stopped reading after 1 MiB from this site: ${unread.length} files were not read.`);
    // Our limit, not the site's fault (like the skill cap): a warning.
    expect(report.verdict).toBe('warnings');
  });
});
