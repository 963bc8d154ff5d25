/**
 * SKILL.md files carrying <script>, <img onerror>, <iframe>, javascript: links, remote images and
 * disguised links, all aimed at the canary site, opened in the panel: every verified skill
 * expanded, and everything that looks like a link but is not one clicked. The canary must get no
 * request, no dialog may open, no page or frame may appear by itself, the panel's DOM may hold
 * none of the skill's active elements, and every real link must show where it goes.
 */
import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY, markup } from '../../fixtures/hostile/skill-content';
import type { FixtureServer } from '../../fixtures/server';
import { CANARY_LINKS_SITE, canaryLinks } from '../hostile-sites/canary-links';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { canaryHits, startHostileServer, visibleText } from '../harness/hostile';
import { settledPanel, statuses } from '../harness/panel';
import { waitFor } from '../harness/wait';

let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startHostileServer([canaryLinks]);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Elements a skill could smuggle in, if anything rendered its HTML. */
const ACTIVE = 'script, iframe, frame, object, embed, img, video, audio, source, link, style, form, svg, math, base, meta';

const EXPAND_ALL = `(() => {
  const summaries = Array.from(document.querySelectorAll('details.skill-body > summary'));
  summaries.forEach((s) => s.click());
  return summaries.length;
})()`;

const BODIES_READY = `Array.from(document.querySelectorAll('details.skill-body')).every((d) =>
  d.open && (d.querySelector('.markdown') || /unavailable/i.test(d.textContent || '')))`;

/** What looks clickable but is not a link: link text and targets shown as plain text, code, the
 *  skill's description, paragraphs without a real link. Clicked one by one, as a curious person
 *  would; real links (which open a tab on purpose) are left alone. */
const NOT_LINKS = ['.url', '.url *', '.markdown span:not(a *)', '.markdown code', '.company-text', '.markdown p:not(:has(a))']
  .map((s) => `#app ${s}`)
  .join(', ');

const LINKS = `Array.from(document.querySelectorAll('#app .markdown a')).map((a) => ({
  href: a.getAttribute('href'),
  target: a.querySelector('.link-target')?.textContent ?? null,
  shown: a.querySelector('.link-target')?.checkVisibility() ?? false,
  rel: a.getAttribute('rel'),
}))`;

/** Expands every skill, clicks every non-link; returns how many of each. */
async function openEverything(panel: Page): Promise<{ expanded: number; clicked: number }> {
  const expanded = (await panel.evaluate(EXPAND_ALL)) as number;
  await waitFor(
    () => panel.evaluate(BODIES_READY),
    (ready) => ready === true,
    { what: 'every skill body to load' },
  );
  let clicked = 0;
  for (const element of await panel.locator(NOT_LINKS).all()) {
    if (!(await element.isVisible())) continue;
    await element.click({ timeout: 2000 });
    clicked += 1;
  }
  return { expanded, clicked };
}

describe('hostile Markdown in the panel', () => {
  it.each([markup.name, CANARY_LINKS_SITE])('%s: nothing reaches the canary, runs, or opens by itself', async (site) => {
    const dialogs: Dialog[] = [];
    const opened: Page[] = [];
    const { page, tabId } = await browser.visit(`${server.publicOrigin(site)}/`);
    page.on('dialog', (d) => void dialogs.push(d));
    const panel = await browser.openPanel(tabId);
    panel.on('dialog', (d) => void dialogs.push(d));
    const pagesBefore = browser.context.pages().length;
    browser.context.on('page', (p) => void opened.push(p));

    const snapshot = await settledPanel(panel);
    const expected = site === markup.name ? markup.expect : canaryLinks.expect;
    expect(snapshot.verdict).toBe(expected.verdict);
    expect(statuses(snapshot)).toEqual(expected.skills);
    const { expanded, clicked } = await openEverything(panel);
    expect(expanded).toBe(Object.keys(expected.skills).length);
    expect(clicked).toBeGreaterThan(expanded);

    // Give anything that would fire (an onerror, a frame load, a beacon) time to do so.
    await panel.waitForTimeout(500);
    expect(canaryHits(server)).toEqual([]);
    expect(dialogs.map((d) => d.message())).toEqual([]);
    expect(opened.map((p) => p.url())).toEqual([]);
    expect(browser.context.pages().length).toBe(pagesBefore);
    expect(panel.frames()).toHaveLength(1);
    expect(await panel.evaluate(`document.querySelectorAll(${JSON.stringify(`#app ${ACTIVE.split(', ').join(', #app ')}`)}).length`)).toBe(
      0,
    );

    const links = (await panel.evaluate(LINKS)) as { href: string; target: string | null; shown: boolean; rel: string }[];
    for (const link of links) {
      expect(link.href).toMatch(/^https:\/\//);
      expect(link.target).toBe(link.href);
      expect(link.shown).toBe(true);
      expect(link.rel).toBe('noopener noreferrer');
    }
    const text = await visibleText(panel);
    if (site === CANARY_LINKS_SITE) {
      // The disguised link shows its real target; a raw HTML link and a data: link are no links.
      expect(links.map((l) => new URL(l.href).pathname).sort()).toEqual(['/autolink', '/disguised', '/visit']);
      expect(links.every((l) => l.href.startsWith(server.publicOrigin(CANARY)))).toBe(true);
      expect(text).toContain('tracking pixel');
      // Positive control: a real link does open the canary, in a new tab, when clicked.
      const tab = browser.context.waitForEvent('page');
      await panel.locator('#app .markdown a').first().click();
      expect(new URL((await tab).url()).origin).toBe(server.publicOrigin(CANARY));
      await waitFor(
        () => canaryHits(server).length,
        (n) => n > 0,
        { what: 'the canary to record the click' },
      );
    } else {
      expect(links).toEqual([]);
      // Markup from the company stays text: its description shows the tag, its link its target.
      expect(text).toContain('<script>');
      expect(text).toContain('javascript:fetch(');
    }
  });
});
