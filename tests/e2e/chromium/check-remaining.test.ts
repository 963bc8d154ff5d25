/**
 * "Check the remaining N" (D5) in the built extension: a store of 230 skills stops at the
 * cap of 200; the button, pressed from the keyboard, checks the rest, and the panel, its headline
 * and the badge all say every skill is verified. One store, one press: kept short for CI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../utils/engine/spec';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { PAST_CAP_COUNT, pastCapStore } from '../../fixtures/sites/past-cap';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { expectedBadge } from '../harness/expected';
import { readPanel, settledBadge, settledPanel } from '../harness/panel';
import { waitFor } from '../harness/wait';

const store = pastCapStore();
const REMAINING = PAST_CAP_COUNT - DEFAULT_LIMITS.maxSkills;
let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startFixtureServer({ sites: [store], https: false });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Check the remaining N', () => {
  it('checks the skills past the cap on a key press; the panel and the badge then agree that all are verified', async () => {
    const { tabId } = await browser.visit(`${server.origin(store.name)}/`);
    const panel = await browser.openPanel(tabId);
    await settledPanel(panel);
    const button = panel.locator('[data-check-remaining]');
    await button.waitFor();
    expect(await button.textContent()).toBe(`Check the remaining ${REMAINING} skills`);
    expect(await settledBadge(browser, tabId, `${REMAINING}?`)).toBe(`${REMAINING}?`);

    await button.focus();
    await panel.keyboard.press('Enter');
    const done = await waitFor(
      () => readPanel(panel),
      (p) => p.verdict === 'ok' && p.skills.length === PAST_CAP_COUNT && p.skills.every((s) => s.status === 'verified'),
      { what: `all ${PAST_CAP_COUNT} skills verified`, timeoutMs: 30_000 },
    );
    expect(done.skills.map((s) => s.name)).toContain(`task-${PAST_CAP_COUNT - 1}`);
    expect(await panel.locator('[data-state-look]').getAttribute('data-state-look')).toBe('verified');
    expect(await panel.locator('[data-check-remaining]').count()).toBe(0);
    // The focus went to the skills heading with the button gone, not to the page.
    expect(await panel.evaluate(() => document.activeElement?.id)).toBe('skills-heading');
    expect(await settledBadge(browser, tabId, expectedBadge(store.expect))).toBe(expectedBadge(store.expect));
  });
});
