/**
 * The panel once in German, in real Chromium: the extension's catalog follows the browser's UI
 * language, so the stale copy of Northlight reads in German, with the page marked `lang="de"`,
 * no English key name or `$PLACEHOLDER$` showing, and the same data-* contract as in English.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { northlightStale } from '../../fixtures/sites/northlight-stale';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { statuses, visitAndCheck } from '../harness/panel';

let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startFixtureServer();
  browser = await launchChromium({ language: 'de' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('shows the stale copy in German, with the same verdict and statuses', async () => {
  const { panel, snapshot } = await visitAndCheck(browser, `${server.origin('northlight-stale')}/`);
  expect(snapshot.verdict).toBe(northlightStale.expect.verdict);
  expect(statuses(snapshot)).toEqual(northlightStale.expect.skills);
  expect(await panel.evaluate(() => document.documentElement.lang)).toBe('de');
  const text = await panel.evaluate(() => document.body.innerText);
  expect(text).toContain('Erneut prüfen');
  expect(text).toContain('Seit der Veröffentlichung verändert');
  expect(text).not.toMatch(/\$[A-Z_]+\$/);
  expect(text).not.toMatch(/\b(finding|hint|status|badgeTitle)_?[A-Za-z]+_[a-z_]+\b/);
});
