/**
 * axe-core in Firefox, light and dark (the system's theme, one browser each), on the panel states
 * the Chromium screenshots show: the good store, its stale copy, a site with nothing, one that
 * cannot be reached and a 200-skill store. No violation in any.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightStale } from '../../fixtures/sites/northlight-stale';
import { noPoppy } from '../../fixtures/sites/no-poppy';
import { publicDomain } from '../../fixtures/site';
import { axeViolationsIn } from '../harness/axe-source';
import { launchFirefox, type FirefoxSession } from '../harness/firefox';
import { manySkills, serverError } from '../harness/panel-sites';
import { settledPanel } from '../harness/panel';

const SITES = [northlight, northlightStale, noPoppy, serverError, manySkills()];
const STATES = [
  ['northlight', 'ok'],
  ['northlight-stale', 'errors'],
  ['no-poppy', 'none'],
  ['server-error', 'errors'],
  ['many-skills', 'errors'],
] as const;

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({ sites: SITES });
});
afterAll(async () => {
  await server?.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  // A browser per theme: Firefox takes the theme from a preference read at start.
  describe(`the panel in Firefox, ${colorScheme}`, { timeout: 120_000 }, () => {
    let browser: FirefoxSession;
    beforeAll(async () => {
      browser = await launchFirefox({ publicNames: SITES.map((s) => publicDomain(s.name)), colorScheme });
    });
    afterAll(async () => {
      await browser?.close();
    });

    it.each(STATES)('%s: no axe violation', async (site, verdict) => {
      const { tabId } = await browser.visit(`${server.publicOrigin(site)}/`);
      const panel = await browser.openPanel(tabId);
      expect(await panel.evaluate(`matchMedia('(prefers-color-scheme: ${colorScheme})').matches`)).toBe(true);
      expect((await settledPanel(panel, 40_000)).verdict).toBe(verdict);
      expect(await axeViolationsIn(panel), `axe, ${site}, ${colorScheme}`).toEqual([]);
      await panel.close();
    });
  });
}
