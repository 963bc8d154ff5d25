/**
 * A slow site cannot hold up the others (docs/security.md): while one tab's check is stuck on a skill
 * file the site never finishes sending, a second tab's check of another site runs to the end and
 * its badge and panel settle first (ordering, never wall-clock). And a site whose 200 skill files
 * each drip one byte every 900 ms is ended by the extension's whole-check deadline: its panel
 * settles with every file `unreachable` and says the check was cut short.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../utils/engine/spec';
import { DRIP_NAMES, dripMany } from '../../fixtures/hostile/budget';
import type { FixtureServer } from '../../fixtures/server';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightStale } from '../../fixtures/sites/northlight-stale';
import { heldNorthlight } from '../hostile-sites/held';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { expectedBadge } from '../harness/expected';
import { shownFindings, startHostileServer } from '../harness/hostile';
import { settledBadge, settledPanel, statuses } from '../harness/panel';

const held = heldNorthlight('j-held-slow');
let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startHostileServer([held.site, northlightStale]);
  browser = await launchChromium();
});
afterAll(async () => {
  held.release();
  await browser?.close();
  await server?.close();
});

describe('a slow site in one tab, another site in the next (Chromium)', () => {
  it("checks the second tab's site to the end while the first tab's check waits on its site", async () => {
    const arrived = held.hold();
    const slow = await browser.visit(`${server.publicOrigin(held.site.name)}/`);
    await arrived;

    const other = await browser.visit(`${server.publicOrigin(northlightStale.name)}/`);
    const otherBadge = expectedBadge(northlightStale.expect);
    expect(await settledBadge(browser, other.tabId, otherBadge)).toBe(otherBadge);
    const otherPanel = await browser.openPanel(other.tabId);
    expect(statuses(await settledPanel(otherPanel, 30_000))).toEqual(northlightStale.expect.skills);
    // The first check is still waiting on its held file: the second did not wait for it.
    expect(await browser.badge(slow.tabId)).toBe('…');
    expect(held.hits()).toBe(1);

    held.release();
    const slowBadge = expectedBadge(northlight.expect);
    expect(await settledBadge(browser, slow.tabId, slowBadge)).toBe(slowBadge);
    const slowPanel = await browser.openPanel(slow.tabId);
    expect(statuses(await settledPanel(slowPanel, 30_000))).toEqual(northlight.expect.skills);
  });

  it(
    `ends a site of ${DRIP_NAMES.length} dripping skill files at the ${DEFAULT_LIMITS.checkMs / 1000} s deadline, and says so`,
    async () => {
      const { tabId } = await browser.visit(`${server.publicOrigin(dripMany.name)}/`);
      const panel = await browser.openPanel(tabId);
      const snapshot = await settledPanel(panel, DEFAULT_LIMITS.checkMs + 30_000);
      expect(snapshot.verdict).toBe('errors');
      expect(new Set(Object.values(statuses(snapshot)))).toEqual(new Set(['unreachable']));
      const cut = (await shownFindings(panel)).find((f) => f.code === 'check-cut-short');
      expect(cut?.visible).toBe(true);
      expect(cut?.text).toMatch(/cut short after 30 s: \d+ files were not read because the site was too slow/);
    },
    DEFAULT_LIMITS.checkMs + 60_000,
  );
});
