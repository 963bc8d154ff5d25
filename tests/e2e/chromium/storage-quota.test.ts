/**
 * Storage quotas (docs/security.md): 16 public origins visited in a row, each publishing 200 verified
 * skills whose descriptions and frontmatter are as long as the spec allows, so that their results
 * outgrow storage.session's quota (about 1 MB an origin against 10 MB) and the sweep runs.
 * storage.session (the per-origin results) and storage.local (the skill-body cache) stay
 * within their quotas, the newest origin's result survives, and the panel is never blank: it
 * shows each tab's 200 skills, and a swept origin's tab a check or its result, never nothing.
 * The origins are visited one after another in one tab while another stays on the first; on a
 * busy machine a check may still end at the 30 s deadline with some files unread, so what is
 * asserted is what is stored and shown, not that every file was read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../utils/extension/platform/storage';
import { WELL_KNOWN } from '../../../utils/engine/spec';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { indexEntry, json, skillFile, skillIndex, skillRoutes, type FixtureSite } from '../../fixtures/site';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { expectedBadge } from '../harness/expected';
import { visibleText } from '../harness/hostile';
import { settledPanel, statuses } from '../harness/panel';
import { waitFor } from '../harness/wait';

const ORIGINS = 16;
const SKILLS = 200;
const DESCRIPTION_MAX_ASCII = 1000;

function busySite(n: number): FixtureSite {
  const name = `q-store-${String(n).padStart(2, '0')}`;
  const filler = 'Call the store API in the order below and show the User each result. '.repeat(10);
  // Near the caps (description 1024, compatibility 500 code points; metadata free): what a
  // result keeps of each skill, twice for the description (the index entry and the frontmatter).
  const long = (label: string, length: number) => `${label} `.padEnd(length, 'lorem ipsum dolor sit amet ');
  const frontmatter = [
    `compatibility: ${long('Needs the store API', 480)}`,
    'metadata:',
    ...['audience', 'steps', 'notes', 'limits'].map((key) => `  ${key}: ${long(key, 900)}`),
  ].join('\n');
  const skills = Array.from({ length: SKILLS }, (_, i) =>
    skillFile({
      name: `skill-${i}`,
      description: long(`Skill ${i} of store ${n}.`, DESCRIPTION_MAX_ASCII),
      body: `# Skill ${i} of ${name}\n\n${filler}\n`,
      frontmatter,
    }),
  );
  const dir = WELL_KNOWN.skillIndex.replace(/index\.json$/, '');
  return {
    name,
    summary: `${SKILLS} verified skills`,
    routes: {
      [WELL_KNOWN.skillIndex]: json(skillIndex(skills.map((s) => indexEntry(s, `${s.name}/SKILL.md`)))),
      ...skillRoutes(dir, skills),
    },
    expect: { verdict: 'ok', poppy: false, source: 'well-known', skills: Object.fromEntries(skills.map((s) => [s.name, 'verified'])) },
  };
}

const SITES = Array.from({ length: ORIGINS }, (_, i) => busySite(i));
let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startFixtureServer({ sites: SITES });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Usage {
  session: number;
  sessionQuota: number;
  local: number;
  localQuota: number;
  results: string[];
}
// Keys only (getKeys), not get(null): reading every stored result into the worker after each
// check would cost more than the check.
const USAGE = `Promise.all([
  chrome.storage.session.getBytesInUse(null),
  chrome.storage.local.getBytesInUse(null),
  chrome.storage.session.getKeys(),
]).then(([session, local, keys]) => ({
  session, local,
  sessionQuota: chrome.storage.session.QUOTA_BYTES,
  localQuota: chrome.storage.local.QUOTA_BYTES,
  results: keys.filter((k) => k.startsWith(${JSON.stringify(STORAGE_KEYS.resultPrefix)})),
}))`;

describe(`${ORIGINS} origins of ${SKILLS} skills in a row (Chromium)`, () => {
  it('stays within both storage quotas, keeps the newest and the shown results, and never shows a blank panel', async () => {
    // Every skill verified, or (a check cut short by the deadline on a busy machine) errors.
    const settled = (text: string) => text === expectedBadge(SITES[0]!.expect) || text.endsWith('✗');
    const peak = { session: 0, local: 0 };
    const origin = (i: number) => server.publicOrigin(SITES[i]!.name);
    const settledBadge = (tabId: number, i: number) =>
      waitFor(
        () => browser.badge(tabId),
        settled,
        // Polled gently: every probe runs in the worker that is doing the checks.
        { timeoutMs: 90_000, intervalMs: 250, what: `the badge of ${SITES[i]!.name}` },
      );
    const measure = async () => {
      const usage = (await (await browser.worker()).evaluate(USAGE)) as Usage;
      peak.session = Math.max(peak.session, usage.session);
      peak.local = Math.max(peak.local, usage.local);
      expect(usage.session).toBeLessThanOrEqual(usage.sessionQuota);
      expect(usage.local).toBeLessThanOrEqual(usage.localQuota);
      return usage;
    };

    // One tab stays on the first origin throughout: a result a tab shows is never swept.
    const kept = await browser.visit(`${origin(0)}/`);
    expect(settled(await settledBadge(kept.tabId, 0))).toBe(true);
    // The other visits the rest one after another, each check alone on the machine (four at
    // once only made each one slower on two cores, and cut some short at the deadline).
    const walker = await browser.visit(`${origin(1)}/`);
    for (let i = 1; i < ORIGINS; i++) {
      if (i > 1) await walker.page.goto(`${origin(i)}/#visit-${i}`);
      expect(settled(await settledBadge(walker.tabId, i)), SITES[i]!.name).toBe(true);
      await measure();
    }

    const usage = await measure();
    // The session quota was reached and the sweep made room: not every result is still there.
    expect(usage.results.length).toBeLessThan(ORIGINS);
    const last = ORIGINS - 1;
    expect(usage.results).toContain(`${STORAGE_KEYS.resultPrefix}${origin(last)}`);
    expect(usage.results).toContain(`${STORAGE_KEYS.resultPrefix}${origin(0)}`);
    for (const [i, { tabId }] of [[0, kept] as const, [last, walker] as const]) {
      const panel = await browser.openPanel(tabId);
      const snapshot = await settledPanel(panel, 30_000);
      // Every skill listed, each read or cut short by the deadline (never missing, never blank).
      expect(Object.keys(statuses(snapshot)).sort()).toEqual(Object.keys(SITES[i]!.expect.skills).sort());
      expect(new Set([...Object.values(statuses(snapshot)), 'verified', 'unreachable'])).toEqual(new Set(['verified', 'unreachable']));
      await panel.close();
    }
    // An early origin again, its result likely swept: the panel shows a check or a result, never nothing.
    await walker.page.goto(`${origin(1)}/#again`);
    const panel = await browser.openPanel(walker.tabId);
    expect((await visibleText(panel)).length).toBeGreaterThan(0);
    expect(['ok', 'errors']).toContain((await settledPanel(panel, 90_000)).verdict);
    const MB = (n: number) => (n / 1e6).toFixed(2);
    console.log(
      `storage quotas: ${ORIGINS} origins × ${SKILLS} skills; peak session ${MB(peak.session)} MB of ${MB(usage.sessionQuota)} MB, ` +
        `local ${MB(peak.local)} MB of ${MB(usage.localQuota)} MB; ${usage.results.length} results kept`,
    );
  }, 1_500_000);
});
