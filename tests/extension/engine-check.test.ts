// @vitest-environment node
// The real engine over real HTTP (fixture sites on 127.0.0.1); bytes and digests in Node's realm.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../cli/http/transport';
import { createScheduler } from '../../utils/extension/check-scheduler';
import { engineCheck } from '../../utils/extension/engine-check';
import * as storage from '../../utils/extension/platform/storage';
import { verifiedMarkdown } from '../../utils/extension/verified-markdown';
import { storedSkillDigests } from './helpers';
import { startFixtureServer, type FixtureServer } from '../fixtures/server';
import { secondOrigin } from '../fixtures/sites/second-origin';
import { skillsCdn } from '../fixtures/sites/skills-cdn';
import { skillsCdnNoCors } from '../fixtures/sites/skills-cdn-nocors';
import { PAST_CAP_COUNT, pastCapStore } from '../fixtures/sites/past-cap';
import { longIndexStore, wholeEntriesWithin } from '../fixtures/sites/long-index';
import { changingNorthlight, REWRITTEN_SKILL_LINE } from '../fixtures/sites/northlight-changing';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { backgroundHandlers } from '../../entrypoints/background/handlers';
import { liveOrigin } from '../../utils/extension/platform/badge-applier';
import { DEFAULT_LIMITS, RAISED_MAX_SKILLS } from '../../utils/engine/spec';

/** 300 entries of the largest valid size: past the extension's index cap, within the raised one. */
const longIndex = longIndexStore('long-300', DEFAULT_LIMITS.maxSkills + 100);
const changing = changingNorthlight();

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({
    sites: [secondOrigin, skillsCdn, skillsCdnNoCors, pastCapStore(), longIndex, changing.site],
    https: false,
  });
});
afterAll(() => server.close());

function scheduler() {
  return createScheduler({
    store: storage,
    runCheck: engineCheck(createNodeTransport(), storage.skillBodies),
    showBadge: async () => undefined,
  });
}

const statuses = async (origin: string) =>
  Object.fromEntries((await storage.getResult(origin))!.report.skills.map((s) => [s.name, s.status]));
const cdnRequests = () => server.requests.filter((r) => r.site?.startsWith('skills-cdn'));

describe('automatic vs panel checks with the real engine', () => {
  it('a page visit contacts only the visited origin; other hosts stay not-checked', async () => {
    const site = server.origin('second-origin');
    server.clearRequests();
    const s = scheduler();
    await s.pageVisited(1, site);
    await s.idle();
    expect(await statuses(site)).toEqual({
      'find-plants': 'not-checked',
      'book-garden-visit': 'not-checked',
      'plan-a-border': 'not-checked',
    });
    expect(cdnRequests()).toEqual([]);
    expect(server.requests.every((r) => r.site === 'second-origin')).toBe(true);
    expect(await storedSkillDigests()).toEqual([]);
  });

  it('opening the panel fetches the other hosts and caches verified bodies by digest', async () => {
    const site = server.origin('second-origin');
    const s = scheduler();
    await s.pageVisited(1, site);
    await s.idle();
    server.clearRequests();
    await s.panelOpened(1, site);
    await s.idle();
    expect(await statuses(site)).toEqual(secondOrigin.expect.skills);
    expect(cdnRequests().length).toBeGreaterThan(0);
    const result = await storage.getResult(site);
    expect(result?.allHosts).toBe(true);
    const verified = result!.report.skills.filter((sk) => sk.status === 'verified');
    expect((await storedSkillDigests()).sort()).toEqual(verified.map((sk) => sk.expectedDigest!.slice('sha256:'.length)).sort());

    // The panel's "read this skill" path: the exact verified bytes, from the cache.
    const md = await verifiedMarkdown(result, verified[0]!.expectedDigest!, storage.skillBodies);
    expect(md?.base).toBe(verified[0]!.url);
    // The body only: the frontmatter is split off as the checks split it.
    expect(md?.markdown.length).toBeGreaterThan(0);
    expect(md?.markdown).not.toMatch(/^---|^name:/m);
  });

  it('a second panel open on a fresh full result sends no request', async () => {
    const site = server.origin('second-origin');
    const s = scheduler();
    await s.panelOpened(1, site);
    await s.idle();
    server.clearRequests();
    await s.panelOpened(1, site);
    await s.idle();
    expect(server.requests).toEqual([]);
  });

  it('with the opt-in, a visit checks other hosts too', async () => {
    await storage.setOptions({ autoOtherHosts: true });
    const site = server.origin('second-origin');
    const s = scheduler();
    await s.pageVisited(1, site);
    await s.idle();
    expect(await statuses(site)).toEqual(secondOrigin.expect.skills);
  });
});

describe('verifiedMarkdown refuses what it must not render', () => {
  it('a digest the report does not list as verified gets nothing, even when bytes are cached', async () => {
    const site = server.origin('second-origin');
    const s = scheduler();
    await s.panelOpened(1, site);
    await s.idle();
    const result = (await storage.getResult(site))!;
    const verified = result.report.skills.find((sk) => sk.status === 'verified')!;
    const tampered = {
      ...result,
      report: {
        ...result.report,
        skills: result.report.skills.map((sk) => (sk === verified ? { ...sk, status: 'mismatch' as const } : sk)),
      },
    };
    expect(await verifiedMarkdown(tampered, verified.expectedDigest!, storage.skillBodies)).toBeNull();
    expect(await verifiedMarkdown(null, verified.expectedDigest!, storage.skillBodies)).toBeNull();
    expect(await verifiedMarkdown(result, `sha256:${'0'.repeat(64)}`, storage.skillBodies)).toBeNull();
  });
});

describe('"Check the remaining N" from the panel to the engine', () => {
  it('the message raises the stored cap for the tab\'s origin and the check verifies every skill; "Check again" keeps it', async () => {
    const site = server.origin('past-cap');
    const s = scheduler();
    const handlers = backgroundHandlers(s, liveOrigin);
    const tabId = (await fakeBrowser.tabs.create({ url: `${site}/` })).id!;
    await handlers.panelOpened({ type: 'panelOpened', tabId }, { kind: 'extension' });
    await s.idle();
    const first = (await storage.getResult(site))!.report;
    expect(first.cap?.limit).toBe(DEFAULT_LIMITS.maxSkills);
    expect(first.skills.filter((sk) => sk.status === 'verified')).toHaveLength(DEFAULT_LIMITS.maxSkills);

    await handlers.checkRemaining({ type: 'checkRemaining', tabId }, { kind: 'extension' });
    expect(await storage.getSkillCap(site)).toBe(RAISED_MAX_SKILLS);
    await s.idle();
    const all = (await storage.getResult(site))!.report;
    expect(all.cap).toBeUndefined();
    expect(all.skills.filter((sk) => sk.status === 'verified')).toHaveLength(PAST_CAP_COUNT);

    // A new worker (module state gone) and "Check again": still every skill.
    const restarted = scheduler();
    await backgroundHandlers(restarted, liveOrigin).recheck({ type: 'recheck', tabId }, { kind: 'extension' });
    await restarted.idle();
    expect((await storage.getResult(site))!.report.skills.filter((sk) => sk.status === 'verified')).toHaveLength(PAST_CAP_COUNT);
  });
});

describe("the index's byte cap in the worker", () => {
  it('follows the skill cap: 200 reads the index up to our limit, the raised cap reads it whole', async () => {
    const run = engineCheck(createNodeTransport());
    const check = async (maxSkills: number) =>
      (await run(server.origin('long-300'), { allHosts: true, revalidate: false, maxSkills }, () => {})).report;
    const first = await check(DEFAULT_LIMITS.maxSkills);
    expect(first.findings.filter((f) => f.code === 'index-too-large')).toHaveLength(1);
    expect(first.cap?.listed).toBe(wholeEntriesWithin(longIndex, DEFAULT_LIMITS.indexBytes));
    expect(first.verdict).toBe('ok');
    const raised = await check(RAISED_MAX_SKILLS);
    expect(raised.findings.map((f) => f.code)).not.toContain('index-too-large');
    expect(raised.skills.filter((s) => s.status === 'verified')).toHaveLength(DEFAULT_LIMITS.maxSkills + 100);
  });
});

describe('what changed since the last check, with the real engine (D13)', () => {
  it("a rewritten skill's line diff: the old text from the body cache, the new from this check", async () => {
    const site = server.origin(changing.site.name);
    const s = scheduler();
    changing.set('original');
    await s.recheck(1, site);
    await s.idle();
    changing.set('rewritten');
    await s.recheck(1, site);
    await s.idle();
    changing.set('original');
    const [change] = (await storage.getResult(site))?.changes?.list ?? [];
    expect(change?.kind).toBe('skill-changed');
    const lines = change?.kind === 'skill-changed' ? (change.diff?.lines ?? []) : [];
    expect(lines.filter((l) => l.op !== ' ').map((l) => l.op)).toEqual(['-', '+']);
    expect(lines.find((l) => l.op === '+')?.text).toBe(REWRITTEN_SKILL_LINE);
  });
});
