/**
 * The seed article's three runs, seen through the extension in Chromium: Northlight Flowers,
 * the same store signed out vs signed in, the stale-skill copy; plus a site with nothing and the
 * same store on a public-looking https origin (the real URL policy on).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELL_KNOWN } from '../../../utils/engine/spec';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { noPoppy } from '../../fixtures/sites/no-poppy';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightSignedOut } from '../../fixtures/sites/northlight-signed-out';
import { northlightStale, STALE_DIGEST } from '../../fixtures/sites/northlight-stale';
import { changeFlowerDelivery } from '../../fixtures/stores/northlight-skills';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { excludedTaskTexts, expectedBadge, extensionRequests, hexOf, IDENTIFYING_HEADERS } from '../harness/expected';
import { message } from '../harness/messages';
import { settledBadge, settledPanel, statuses, visitAndCheck, type PanelSnapshot } from '../harness/panel';
import { waitFor } from '../harness/wait';

let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startFixtureServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const check = (url: string) => visitAndCheck(browser, url);

/** Where the northlight stores serve a skill (relative to the stand-alone index). */
const skillPath = (name: string) => WELL_KNOWN.skillIndex.replace(/index\.json$/, `${name}/SKILL.md`);

function expectNorthlight(snapshot: PanelSnapshot, excluded: string[]) {
  expect(snapshot.verdict).toBe(northlight.expect.verdict);
  expect(statuses(snapshot)).toEqual(northlight.expect.skills);
  expect([...snapshot.signIns].sort()).toEqual(['device', 'direct']);
  expect([...snapshot.apis].sort()).toEqual(['mcp', 'openapi']);
  expect(snapshot.excludedTasks).toHaveLength(excluded.length);
  excluded.forEach((text, i) => expect(snapshot.excludedTasks[i]).toContain(text));
}

describe('Northlight Flowers (run 1)', () => {
  it('shows three verified skills, both sign-in types, both APIs and the excluded tasks', async () => {
    const { tabId, snapshot } = await check(`${server.origin('northlight')}/`);
    expectNorthlight(snapshot, await excludedTaskTexts(server.origin('northlight')));
    expect(await settledBadge(browser, tabId, expectedBadge(northlight.expect))).toBe(expectedBadge(northlight.expect));
  });
});

describe('signed out vs signed in (run 2)', () => {
  it('shows the same panel after signing in, and no request of ours carries cookie, auth or referrer', async () => {
    const origin = server.origin('northlight');
    const before = await check(`${origin}/`);
    expect(before.snapshot.verdict).toBe('ok');

    // Sign in: the store sets its session cookie and the browser sends it on page loads.
    await before.page.goto(`${origin}/login`);
    await before.page.goto(`${origin}/account`);
    expect(await before.page.textContent('body')).toContain('Signed in as the test customer');
    const accountLoad = server.requests.findLast((r) => r.url === '/account');
    expect(accountLoad?.headers.cookie).toContain('nl_session=');

    // Check the same store again, now with the cookie in the jar: the panel's "Check again"
    // revalidates every document and skill file (so each request reaches the server).
    const since = server.requests.length;
    await before.panel.getByRole('button', { name: message('recheck') }).click();
    const recheckPaths = [WELL_KNOWN.poppy, WELL_KNOWN.skillIndex, ...Object.keys(northlight.expect.skills).map(skillPath)];
    await waitFor(
      () => extensionRequests(server, since).map((r) => r.url),
      (paths) => recheckPaths.every((p) => paths.includes(p)),
      { what: 'the re-check to request every document and skill file' },
    );
    // A new panel shows the stored state: "checking" until this check ends, then its result.
    const after = await settledPanel(await browser.openPanel(before.tabId));
    expect(after).toEqual(before.snapshot);
    // Every request any test made so far, not only this check's: none may identify the person.
    for (const request of extensionRequests(server)) {
      for (const header of IDENTIFYING_HEADERS) expect(request.headers[header], `${header} on ${request.url}`).toBeUndefined();
    }
  });

  it('shows signed-out use for the store that offers no sign-in', async () => {
    const { snapshot } = await check(`${server.origin('northlight-signed-out')}/`);
    expect(snapshot.verdict).toBe(northlightSignedOut.expect.verdict);
    expect(snapshot.signIns).toEqual(['signed-out']);
    expect(statuses(snapshot)).toEqual(northlightSignedOut.expect.skills);
  });
});

describe('the stale-skill copy (run 3)', () => {
  it('reports the mismatch with both digests and says the skill must not be used', async () => {
    const { tabId, snapshot } = await check(`${server.origin('northlight-stale')}/`);
    expect(snapshot.verdict).toBe('errors');
    expect(statuses(snapshot)).toEqual(northlightStale.expect.skills);
    const row = snapshot.skills.find((s) => s.name === changeFlowerDelivery.name);
    expect(row?.text).toContain(hexOf(STALE_DIGEST));
    expect(row?.text).toContain(hexOf(changeFlowerDelivery.digest));
    expect(row?.text).toMatch(/must not be used/i);
    expect(await settledBadge(browser, tabId, expectedBadge(northlightStale.expect))).toBe(expectedBadge(northlightStale.expect));
  });
});

describe('a site with nothing (no-poppy)', () => {
  it('shows verdict none and leaves the badge empty', async () => {
    const { tabId, snapshot } = await check(`${server.origin('no-poppy')}/`);
    expect(snapshot.verdict).toBe(noPoppy.expect.verdict);
    expect(snapshot.skills).toEqual([]);
    expect(await settledBadge(browser, tabId)).toBe('');
  });
});

describe('public-looking https origins (run 1 with the real URL policy)', () => {
  it('checks https://northlight.poppy.test like any public site', async () => {
    const origin = server.publicOrigin('northlight');
    const since = server.requests.length;
    const { tabId, snapshot } = await check(`${origin}/`);
    expectNorthlight(snapshot, await excludedTaskTexts(server.origin('northlight')));
    expect(await settledBadge(browser, tabId, expectedBadge(northlight.expect))).toBe(expectedBadge(northlight.expect));
    const ours = extensionRequests(server, since);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.every((r) => r.scheme === 'https' && r.host === new URL(origin).host)).toBe(true);
  });

  it('reports the stale copy on its public origin too', async () => {
    const { snapshot } = await check(`${server.publicOrigin('northlight-stale')}/`);
    expect(snapshot.verdict).toBe('errors');
    expect(statuses(snapshot)).toEqual(northlightStale.expect.skills);
  });
});

describe('redirects to another host (D5, D10: every hop obeys the contact rule)', () => {
  const atHop = (since: number) => server.requests.slice(since).filter((r) => r.site === 'skills-cdn-hop');

  it.each([
    ['a skill URL and a sign-in document', 'redirect-away', '/skills/find-plants/SKILL.md'],
    ['poppy.json itself', 'redirect-away-docs', WELL_KNOWN.poppy],
  ])('%s: the automatic check asks nothing of the other host; the panel follows and verifies', async (_what, site, ownUrl) => {
    const since = server.requests.length;
    const { tabId } = await browser.visit(`${server.publicOrigin(site)}/`);
    // The automatic check is done once the badge says what waits ("?": not checked yet).
    expect(await settledBadge(browser, tabId, site === 'redirect-away' ? '2?' : '?')).toMatch(/\?$/);
    // It asked the site's own URL, which answered 302; not one request reached the other host.
    expect(extensionRequests(server, since).some((r) => r.site === site && r.url === ownUrl)).toBe(true);
    expect(atHop(since)).toEqual([]);

    const panel = await browser.openPanel(tabId);
    const snapshot = await waitFor(
      () => settledPanel(panel),
      (s) => s.skills.length === 2 && s.skills.every((skill) => skill.status === 'verified'),
      { what: `${site}'s skills verified once the panel is open` },
    );
    expect(statuses(snapshot)).toEqual({ 'find-plants': 'verified', 'book-garden-visit': 'verified' });
    expect(atHop(since).length).toBeGreaterThan(0);
    await panel.close();
  });
});
