/**
 * The seed article's three runs in Firefox ESR (Northlight Flowers, the same store signed out,
 * the stale-skill copy), a site that publishes nothing, and badges per tab across two sites,
 * through the Firefox MV3 build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELL_KNOWN } from '../../../utils/engine/spec';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { noPoppy } from '../../fixtures/sites/no-poppy';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightSignedOut } from '../../fixtures/sites/northlight-signed-out';
import { northlightStale, STALE_DIGEST } from '../../fixtures/sites/northlight-stale';
import { changeFlowerDelivery } from '../../fixtures/stores/northlight-skills';
import { excludedTaskTexts, expectedBadge, extensionRequests, hexOf, IDENTIFYING_HEADERS } from '../harness/expected';
import { launchFirefox, type FirefoxSession } from '../harness/firefox';
import { settledBadge, settledPanel, statuses, visitAndCheck } from '../harness/panel';
import { waitFor } from '../harness/wait';

let server: FixtureServer;
let browser: FirefoxSession;

beforeAll(async () => {
  server = await startFixtureServer({ https: false });
  browser = await launchFirefox();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const check = (url: string) => visitAndCheck(browser, url);

describe('Firefox', () => {
  it('Northlight Flowers: three verified skills, sign-in types, APIs, excluded tasks; no identifying headers', async () => {
    const { tabId, snapshot } = await check(`${server.origin('northlight')}/`);
    expect(snapshot.verdict).toBe(northlight.expect.verdict);
    expect(statuses(snapshot)).toEqual(northlight.expect.skills);
    expect([...snapshot.signIns].sort()).toEqual(['device', 'direct']);
    expect([...snapshot.apis].sort()).toEqual(['mcp', 'openapi']);
    const excluded = await excludedTaskTexts(server.origin('northlight'));
    expect(snapshot.excludedTasks).toHaveLength(excluded.length);
    excluded.forEach((text, i) => expect(snapshot.excludedTasks[i]).toContain(text));
    expect(await settledBadge(browser, tabId, expectedBadge(northlight.expect))).toBe(expectedBadge(northlight.expect));

    const ours = extensionRequests(server);
    expect(ours.length).toBeGreaterThan(0);
    for (const request of ours) {
      for (const header of IDENTIFYING_HEADERS) expect(request.headers[header], `${header} on ${request.url}`).toBeUndefined();
    }
  });

  it('the same store signed out: signed-out use only, its two skills verified', async () => {
    const { tabId, snapshot } = await check(`${server.origin('northlight-signed-out')}/`);
    expect(snapshot.verdict).toBe(northlightSignedOut.expect.verdict);
    expect(snapshot.signIns).toEqual(['signed-out']);
    expect(statuses(snapshot)).toEqual(northlightSignedOut.expect.skills);
    expect(await settledBadge(browser, tabId, expectedBadge(northlightSignedOut.expect))).toBe(expectedBadge(northlightSignedOut.expect));
  });

  it('the stale copy: a mismatch with both digests, the other two verified', async () => {
    const { tabId, snapshot } = await check(`${server.origin('northlight-stale')}/`);
    expect(snapshot.verdict).toBe('errors');
    expect(statuses(snapshot)).toEqual(northlightStale.expect.skills);
    const row = snapshot.skills.find((s) => s.name === changeFlowerDelivery.name);
    expect(row?.text).toContain(hexOf(STALE_DIGEST));
    expect(row?.text).toContain(hexOf(changeFlowerDelivery.digest));
    expect(row?.text).toMatch(/must not be used/i);
    expect(await settledBadge(browser, tabId, expectedBadge(northlightStale.expect))).toBe(expectedBadge(northlightStale.expect));
  });

  it('a site with nothing: verdict none and no badge', async () => {
    const { tabId, snapshot } = await check(`${server.origin('no-poppy')}/`);
    expect(snapshot.verdict).toBe(noPoppy.expect.verdict);
    expect(snapshot.skills).toEqual([]);
    expect(await settledBadge(browser, tabId, '')).toBe('');
  });

  // A local site's own origin, with the hop host on another port: another origin all the same (D5).
  it.each([
    ['a skill URL', 'redirect-away', '/skills/find-plants/SKILL.md', '2?'],
    ['poppy.json itself', 'redirect-away-docs', WELL_KNOWN.poppy, '?'],
  ])('%s redirecting to another host: nothing asked of it until the panel opens, then verified', async (_what, site, ownUrl, badge) => {
    const since = server.requests.length;
    const atHop = () => server.requests.slice(since).filter((r) => r.site === 'skills-cdn-hop');
    const { tabId } = await browser.visit(`${server.origin(site)}/`);
    expect(await settledBadge(browser, tabId, badge)).toBe(badge);
    expect(extensionRequests(server, since).some((r) => r.site === site && r.url === ownUrl)).toBe(true);
    expect(atHop()).toEqual([]);
    const panel = await browser.openPanel(tabId);
    const snapshot = await waitFor(
      () => settledPanel(panel),
      (s) => s.skills.length === 2 && s.skills.every((skill) => skill.status === 'verified'),
      { what: `${site}'s skills verified once the panel is open` },
    );
    expect(statuses(snapshot)).toEqual({ 'find-plants': 'verified', 'book-garden-visit': 'verified' });
    expect(atHop().length).toBeGreaterThan(0);
    await panel.close();
  });

  it('two tabs on two sites keep their own badges across tab switches and a reload', async () => {
    const flowers = await browser.visit(`${server.origin('northlight')}/`);
    const stale = await browser.visit(`${server.origin('northlight-stale')}/`);
    const want = [expectedBadge(northlight.expect), expectedBadge(northlightStale.expect)];
    const badges = () => Promise.all([flowers.tabId, stale.tabId].map((tabId) => browser.badge(tabId)));
    const same = (texts: string[]) => texts.every((text, i) => text === want[i]);
    expect(await waitFor(badges, same, { what: 'both badges' })).toEqual(want);

    await flowers.page.bringToFront();
    await stale.page.reload();
    await flowers.page.bringToFront();
    expect(await waitFor(badges, same, { what: 'both badges after a switch and a reload' })).toEqual(want);
  });
});
