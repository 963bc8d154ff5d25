/**
 * The panel's layout in real Chromium, measured: one scroll (no nested scrollbar, no frame), no
 * horizontal scrollbar at 360 px wide or at 200 % zoom, borders of controls and cards at 3:1
 * against what is behind them in both themes, and "Check again" keeping the focus and what is open.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { ALL_SITES } from '../../fixtures/sites/index';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { message } from '../harness/messages';
import { openEverything, settledPanel } from '../harness/panel';
import { manySkills } from '../harness/panel-sites';
import { waitFor } from '../harness/wait';

let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startFixtureServer({ sites: [...ALL_SITES, manySkills()], https: false });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function panelOf(site: string): Promise<Page> {
  const { tabId } = await browser.visit(`${server.origin(site)}/`);
  const panel = await browser.openPanel(tabId);
  await settledPanel(panel, 40_000);
  return panel;
}

/** Elements that scroll on their own (a second scrollbar inside the page's one). */
const INNER_SCROLLERS = `Array.from(document.querySelectorAll('body *')).filter((el) => {
  const s = getComputedStyle(el);
  return /(auto|scroll)/.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 200;
}).map((el) => el.tagName + '.' + el.className)`;

const HORIZONTAL = `[document.documentElement.scrollWidth, document.documentElement.clientWidth]`;

/** Border colour of each matching element against the first opaque background behind it. */
const BORDERS = (selector: string) => `Array.from(document.querySelectorAll(${JSON.stringify(selector)})).slice(0, 5).map((el) => {
  let bg = 'rgba(0, 0, 0, 0)';
  for (let at = el.parentElement; at; at = at.parentElement) {
    bg = getComputedStyle(at).backgroundColor;
    if (!/rgba\\(.*, 0\\)$/.test(bg)) break;
  }
  return [getComputedStyle(el).borderTopColor, bg];
})`;

function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('panel layout', () => {
  it('one scroll for a long report, with no frame and no inner scrollbar', async () => {
    const panel = await panelOf('many-skills');
    expect(await panel.evaluate(INNER_SCROLLERS)).toEqual([]);
    expect(await panel.evaluate('getComputedStyle(document.body).margin')).toBe('0px');
    expect(await panel.evaluate('document.documentElement.scrollHeight > innerHeight')).toBe(true);
    await panel.close();
  });

  it.each([
    ['360 px wide', { width: 360, height: 600 }],
    // 200 % zoom of the 400 px popup: a CSS viewport half as wide.
    ['200 % zoom', { width: 200, height: 300 }],
  ])('reflows without a horizontal scrollbar at %s', async (_, size) => {
    for (const site of ['northlight-stale', 'many-skills', 'northlight']) {
      const panel = await panelOf(site);
      await panel.setViewportSize(size);
      // Open everything a person could open, so long digests and URLs are laid out too.
      await openEverything(panel);
      const [scrollWidth, clientWidth] = (await panel.evaluate(HORIZONTAL)) as number[];
      expect(scrollWidth, `${site} at ${size.width} px`).toBeLessThanOrEqual(clientWidth!);
      await panel.close();
    }
  });

  it.each(['light', 'dark'] as const)('borders of buttons and cards reach 3:1 (%s)', async (colorScheme) => {
    const panel = await panelOf('northlight-stale');
    await panel.emulateMedia({ colorScheme });
    for (const selector of ['.button', 'li.skill']) {
      const pairs = (await panel.evaluate(BORDERS(selector))) as [string, string][];
      expect(pairs.length, selector).toBeGreaterThan(0);
      for (const [border, background] of pairs)
        expect(contrast(border, background), `${selector}: ${border} on ${background}`).toBeGreaterThanOrEqual(3);
    }
    await panel.close();
  });

  it("a changed skill's fix is on the first screen, in its row, and its link reaches the full finding", async () => {
    const panel = await panelOf('northlight-stale');
    await panel.setViewportSize({ width: 400, height: 600 });
    const top = (selector: string) => panel.evaluate(`document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect().top`);
    const inRow = (await top('[data-skill="change-flower-delivery"] [data-fix-for="digest-mismatch"]')) as number;
    const inOwners = (await top('.owners [data-code="digest-mismatch"]')) as number;
    console.info(`northlight-stale at 400x600: fix in the row at ${Math.round(inRow)} px, full finding at ${Math.round(inOwners)} px`);
    expect(inRow).toBeLessThan(600);
    await panel.locator('[data-skill="change-flower-delivery"] [data-finding-link]').press('Enter');
    expect(await panel.evaluate(`document.activeElement.closest('.owners') !== null && document.activeElement.dataset.code`)).toBe(
      'digest-mismatch',
    );
    expect(await top('.owners [data-code="digest-mismatch"]')).toBeLessThan(600);
    await panel.close();
  });

  it('"Check again" keeps the focus on itself and what was open stays open', async () => {
    const panel = await panelOf('northlight-stale');
    const row = panel.locator('[data-skill="change-flower-delivery"]');
    await row.locator('details summary').first().click();
    const button = panel.getByRole('button', { name: message('recheck') });
    await button.focus();
    await panel.keyboard.press('Enter');
    await panel.waitForSelector('[data-view="checking"]', { timeout: 10_000 }).catch(() => undefined);
    await settledPanel(panel, 30_000);
    expect(await panel.evaluate(`document.activeElement?.textContent?.trim()`)).toBe(message('recheck'));
    expect(await row.locator('details').first().getAttribute('open')).not.toBeNull();
    await panel.close();
  });

  it('copies the report as JSON and Markdown, their code loaded on the click', async () => {
    const panel = await panelOf('northlight');
    for (const label of ['copyJson', 'copyMarkdown'] as const) {
      await panel.getByRole('button', { name: message(label) }).click();
      // The outcome is announced beside the button (role=status).
      const status = `Array.from(document.querySelectorAll('.copy button')).find((b) => b.textContent === ${JSON.stringify(message(label))})?.nextElementSibling?.textContent ?? ''`;
      expect(
        await waitFor(
          () => panel.evaluate(status),
          (text) => text !== '',
          { what: `${label}: the copy's outcome` },
        ),
      ).toBe(`✓ ${message('copied')}`);
    }
    await panel.close();
  });
});
