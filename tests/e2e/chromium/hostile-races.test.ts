/**
 * Races around hostile and slow sites: the worker stopped in the middle of a check of a site whose
 * file stalls, and in the middle of a local check (rules lifted); a public check arriving while a
 * local one runs; seven tabs on seven sites switched and reloaded while their checks run; and a
 * second re-check and a reload while a re-check is held. At the end each tab's badge and panel
 * show that tab's own state, and the guard's rules are installed again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARD_RULE_IDS } from '../../../utils/extension/network-guard';
import { answers } from '../../fixtures/hostile/http-answers';
import { markup } from '../../fixtures/hostile/skill-content';
import type { FixtureServer } from '../../fixtures/server';
import type { SiteExpectation } from '../../fixtures/site';
import { ALL_SITES } from '../../fixtures/sites/index';
import { noPoppy } from '../../fixtures/sites/no-poppy';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightSignedOut } from '../../fixtures/sites/northlight-signed-out';
import { northlightStale } from '../../fixtures/sites/northlight-stale';
import { heldNorthlight } from '../hostile-sites/held';
import { REDIRECT_STATUS_LABELS, REDIRECT_STATUS_SITE } from '../hostile-sites/redirect-statuses';
import { stallSite } from '../hostile-sites/stall';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { expectedBadge, extensionRequests } from '../harness/expected';
import { READ_SESSION_RULES, startHostileServer, visibleText } from '../harness/hostile';
import { message } from '../harness/messages';
import { settledBadge, settledPanel, statuses } from '../harness/panel';
import { waitFor } from '../harness/wait';

const stall = stallSite();
const localHeld = heldNorthlight('j-held-local');
const publicHeld = heldNorthlight('j-held-public');
let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startHostileServer([...ALL_SITES, stall.site, localHeld.site, publicHeld.site]);
  browser = await launchChromium();
});
afterAll(async () => {
  localHeld.release();
  publicHeld.release();
  await browser?.close();
  await server?.close();
});

const ruleCount = async () => ((await (await browser.worker()).evaluate(READ_SESSION_RULES)) as unknown[]).length;
const rulesBack = () => waitFor(ruleCount, (n) => n === GUARD_RULE_IDS.length, { what: 'the guard rules to be installed' });

const badgeReads = (tabId: number, text: string) => settledBadge(browser, tabId, text);

describe('races in Chromium', () => {
  it('restarts a check of a stalling site that the worker died in, and ends it at the timeout', async () => {
    const { tabId } = await browser.visit(`${server.publicOrigin(stall.site.name)}/`);
    await stall.requested;
    await browser.stopWorker();
    const panel = await browser.openPanel(tabId);
    const snapshot = await settledPanel(panel, 30_000);
    expect(snapshot.verdict).toBe(stall.site.expect.verdict);
    expect(statuses(snapshot)).toEqual(stall.site.expect.skills);
    expect(await visibleText(panel)).toContain('did not finish within 10 s');
    expect(stall.hits()).toBeGreaterThanOrEqual(2);
    expect(await badgeReads(tabId, expectedBadge(stall.site.expect))).toBe(expectedBadge(stall.site.expect));
    expect(await rulesBack()).toBe(GUARD_RULE_IDS.length);
  });

  it('lifts the rules only while a local check runs, holds public checks meanwhile, and survives a restart', async () => {
    const held = localHeld.hold();
    const local = await browser.visit(`${server.origin(localHeld.site.name)}/`);
    await held;
    expect(await ruleCount()).toBe(0);

    // A public check waits for the local one: its site hears nothing until the local check ends.
    const since = server.requests.length;
    const remote = await browser.visit(`${server.publicOrigin(markup.name)}/`);
    const markupHost = `${markup.name}.`;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(extensionRequests(server, since).filter((r) => r.host.startsWith(markupHost))).toEqual([]);

    // The worker dies with the rules lifted; the next one must not leave them lifted.
    await browser.stopWorker();
    localHeld.release();
    const localPanel = await browser.openPanel(local.tabId);
    expect((await settledPanel(localPanel, 30_000)).verdict).toBe(northlight.expect.verdict);
    const remotePanel = await browser.openPanel(remote.tabId);
    expect(statuses(await settledPanel(remotePanel, 30_000))).toEqual(markup.expect.skills);
    expect(extensionRequests(server, since).some((r) => r.host.startsWith(markupHost))).toBe(true);
    expect(await rulesBack()).toBe(GUARD_RULE_IDS.length);
  });

  it('keeps seven tabs on seven sites apart while they are switched and reloaded mid-check', async () => {
    const sites = [
      { url: server.origin(northlight.name), expect: northlight.expect },
      { url: server.origin(noPoppy.name), expect: noPoppy.expect },
      { url: server.publicOrigin(northlightStale.name), expect: northlightStale.expect },
      { url: server.publicOrigin(northlightSignedOut.name), expect: northlightSignedOut.expect },
      { url: server.publicOrigin(answers.name), expect: answers.expect },
      {
        url: server.publicOrigin(REDIRECT_STATUS_SITE),
        expect: { verdict: 'errors', skills: Object.fromEntries(REDIRECT_STATUS_LABELS.map((l) => [l, 'blocked'])) } as SiteExpectation,
      },
      { url: server.localhostOrigin(northlightSignedOut.name), expect: northlightSignedOut.expect },
    ];
    const tabs = await Promise.all(sites.map((site) => browser.visit(`${site.url}/`)));
    for (let round = 0; round < 3; round += 1) {
      for (const { page } of tabs) await page.bringToFront();
    }
    await Promise.all([tabs[2]!.page.reload(), tabs[4]!.page.reload(), tabs[5]!.page.reload()]);
    for (const { page } of [...tabs].reverse()) await page.bringToFront();

    const panels = await Promise.all(tabs.map(({ tabId }) => browser.openPanel(tabId)));
    const snapshots = await Promise.all(panels.map((panel) => settledPanel(panel, 30_000)));
    snapshots.forEach((snapshot, i) => {
      expect(snapshot.verdict, sites[i]!.url).toBe(sites[i]!.expect.verdict);
      expect(statuses(snapshot), sites[i]!.url).toEqual(sites[i]!.expect.skills);
    });
    const badges = await Promise.all(tabs.map(({ tabId }, i) => badgeReads(tabId, expectedBadge(sites[i]!.expect))));
    expect(badges).toEqual(sites.map((site) => expectedBadge(site.expect)));
  });

  it('runs one re-check when a second re-check and a reload arrive while it runs', async () => {
    const origin = server.publicOrigin(publicHeld.site.name);
    const first = await browser.visit(`${origin}/`);
    const other = await browser.visit(`${server.publicOrigin(northlightStale.name)}/`);
    const [a, b] = await Promise.all([browser.openPanel(first.tabId), browser.openPanel(first.tabId)]);
    await Promise.all([settledPanel(a), settledPanel(b)]);
    const hitsBefore = publicHeld.hits();

    const held = publicHeld.hold();
    await a.getByRole('button', { name: message('recheck') }).click();
    await held;
    // Panel b now shows "checking" with its button disabled, so it sends what the button sends.
    await b.evaluate(`chrome.runtime.sendMessage({ type: 'recheck', tabId: ${first.tabId} })`);
    await first.page.reload();
    // The reload cleared the tab's badge; the content script's visit brings back "checking".
    expect(await badgeReads(first.tabId, '…')).toBe('…');
    expect(await badgeReads(other.tabId, expectedBadge(northlightStale.expect))).toBe(expectedBadge(northlightStale.expect));
    publicHeld.release();

    const expected = expectedBadge(northlight.expect);
    for (const panel of [a, b]) {
      const snapshot = await settledPanel(panel, 30_000);
      expect(snapshot.verdict).toBe(northlight.expect.verdict);
      expect(statuses(snapshot)).toEqual(northlight.expect.skills);
    }
    expect(await badgeReads(first.tabId, expected)).toBe(expected);
    expect(await browser.badge(other.tabId)).toBe(expectedBadge(northlightStale.expect));
    // The second re-check and the reload joined the running one: the held file was asked once more.
    expect(publicHeld.hits() - hitsBefore).toBe(1);
  });
});
