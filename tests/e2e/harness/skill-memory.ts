/**
 * D5 in a real browser, the same steps in Chromium and Firefox: a skill's status comes
 * only from what its URL answers during this check (or a 304 to the validators it sent), never
 * from a body the extension kept by digest. And D13: what changed since the last check, shown in
 * the panel and forgotten on request, and nothing kept from a private window.
 */
import { expect } from 'vitest';
import { DEFAULT_LIMITS, WELL_KNOWN, type SkillStatus } from '../../../utils/engine/spec';
import { STORAGE_KEYS } from '../../../utils/extension/platform/storage';
import type { FixtureServer } from '../../fixtures/server';
import type { FixtureSite } from '../../fixtures/site';
import { northlight } from '../../fixtures/sites/northlight';
import { wellKnownOnly } from '../../fixtures/sites/well-known-only';
import { CHANGING_SKILL, REWRITTEN_SKILL_LINE, type ChangingSite } from '../../fixtures/sites/northlight-changing';
import { expectedBadge } from './expected';
import { message } from './messages';
import { readPanel, settledBadge, settledPanel, statuses, visitAndCheck, type EvaluatingPage, type ExtensionSession } from './panel';
import { waitFor } from './wait';

export interface MemorySession<P extends EvaluatingPage> extends ExtensionSession<P> {
  /** Evaluates `expression` where `chrome.storage` is (the worker, or an extension page). */
  inExtension(expression: string): Promise<unknown>;
}

/** The panel's "Check again" button, pressed as a user would. */
const PRESS_RECHECK = `(() => {
  const button = Array.from(document.querySelectorAll('button')).find((b) => (b.textContent || '').includes(${JSON.stringify(message('recheck'))}));
  if (!button) throw new Error('no Check again button');
  // While a check runs the button waits (aria-disabled) and a click does nothing: press it once
  // it is enabled again, as a person would.
  if (button.getAttribute('aria-disabled') === 'true') return false;
  button.click();
  return true;
})()`;

/** Moves the origin's stored result and its revisit time back past the freshness window, as
 *  ten minutes of browsing would (the fixture sends max-age=300: ten minutes is the wait). */
const agePast = (origin: string) => `(async () => {
  const storage = (globalThis.browser || globalThis.chrome).storage;
  const key = ${JSON.stringify(`${STORAGE_KEYS.resultAtPrefix}${origin}`)};
  const got = await storage.session.get(key);
  got[key] -= ${DEFAULT_LIMITS.freshMs + 60_000};
  await storage.session.set({ [key]: got[key] });
  const { revisits } = await storage.local.get('revisits');
  for (const entry of revisits.origins) if (entry[0] === ${JSON.stringify(origin)}) entry[1] -= ${DEFAULT_LIMITS.freshMs + 60_000};
  await storage.local.set({ revisits });
  return got[key];
})()`;

const statusOf = async (page: EvaluatingPage) => (await readPanel(page)).skills.find((s) => s.name === CHANGING_SKILL)?.status;

async function recheckUntil(panel: EvaluatingPage, status: string): Promise<void> {
  await waitFor(
    () => panel.evaluate(PRESS_RECHECK),
    (pressed) => pressed === true,
    { what: 'Check again to be enabled' },
  );
  expect(
    await waitFor(
      () => statusOf(panel),
      (s) => s === status,
      { what: `${CHANGING_SKILL} to read ${status}`, timeoutMs: 30_000 },
    ),
  ).toBe(status);
}

/** Northlight first (its bodies kept), then a copy serving the same digest with CRLF: a mismatch. */
export async function sameDigestTwoSites<P extends EvaluatingPage>(browser: MemorySession<P>, server: FixtureServer, copy: string) {
  const first = await visitAndCheck(browser, `${server.origin('northlight')}/`);
  expect(statuses(first.snapshot)).toEqual(northlight.expect.skills);
  const second = await visitAndCheck(browser, `${server.origin(copy)}/`);
  expect(second.snapshot.verdict).toBe('errors');
  expect(statuses(second.snapshot)[CHANGING_SKILL]).toBe('mismatch');
  expect(second.snapshot.skills.find((s) => s.name === CHANGING_SKILL)?.text).toMatch(/CRLF/);
}

/** Verified, then the file changes on the server: the automatic re-check after the freshness
 *  window and "Check again" both say mismatch; then the file is gone: unreachable. */
export async function fileChangesAfterVerified<P extends EvaluatingPage>(
  browser: MemorySession<P>,
  server: FixtureServer,
  changing: ChangingSite,
) {
  const origin = server.origin(changing.site.name);
  changing.set('original');
  const first = await visitAndCheck(browser, `${origin}/`);
  expect(statuses(first.snapshot)).toEqual(changing.site.expect.skills);

  changing.set('crlf');
  await browser.inExtension(agePast(origin));
  const again = await browser.visit(`${origin}/`);
  // The visit alone re-checks (the result is stale): the badge turns before any panel opens.
  const mismatched = expectedBadge({ verdict: 'errors', skills: { ...changing.site.expect.skills, [CHANGING_SKILL]: 'mismatch' } });
  expect(await settledBadge(browser, again.tabId, mismatched)).toBe(mismatched);
  const panel = await browser.openPanel(again.tabId);
  expect(statuses(await settledPanel(panel))[CHANGING_SKILL]).toBe('mismatch');

  // Each change is made once the last check has ended, as a user sees it: its badge set, and
  // Check again enabled (while the panel still shows the check running, with the new result's rows
  // readable, a press does nothing).
  const badgeFor = (status: SkillStatus) =>
    expectedBadge({
      verdict: status === 'verified' ? changing.site.expect.verdict : 'errors',
      skills: { ...changing.site.expect.skills, [CHANGING_SKILL]: status },
    });
  for (const [state, status] of [
    ['original', 'verified'],
    ['crlf', 'mismatch'],
    ['gone', 'unreachable'],
  ] as const) {
    changing.set(state);
    await recheckUntil(panel, status);
    expect(await settledBadge(browser, again.tabId, badgeFor(status))).toBe(badgeFor(status));
  }
  changing.set('original');
}

/** The panel's changes block: each change's kind in order, and the text of each line diff. */
const READ_CHANGES = `(() => ({
  kinds: Array.from(document.querySelectorAll('[data-changes] [data-change-kind]')).map((li) => li.getAttribute('data-change-kind')),
  diffs: Array.from(document.querySelectorAll('[data-changes] details[data-diff]')).map((d) => d.textContent || ''),
}))()`;
type ChangesShown = { kinds: string[]; diffs: string[] };

/** The origins the extension remembers (D13), read from storage.local as the extension keeps them. */
const rememberedOrigins = `(async () => {
  const got = await (globalThis.browser || globalThis.chrome).storage.local.get(${JSON.stringify(STORAGE_KEYS.siteMemory)});
  const memory = got[${JSON.stringify(STORAGE_KEYS.siteMemory)}];
  return memory ? memory.sites.map((row) => row[0]) : [];
})()`;

/** Checks the site, rewrites find-flowers (its new digest published, so it verifies), checks
 *  again: the panel says so with the line diff; then another issuer comes first; then "Forget this
 *  site" removes the origin from the memory. */
export async function changesSinceLastCheck<P extends EvaluatingPage>(
  browser: MemorySession<P>,
  server: FixtureServer,
  changing: ChangingSite,
) {
  const origin = server.origin(changing.site.name);
  changing.set('original');
  const first = await visitAndCheck(browser, `${origin}/`);
  // After the test above, the panel may show its last result (the file gone) until checked again.
  await recheckUntil(first.panel, 'verified');
  expect(statuses(await readPanel(first.panel))).toEqual(changing.site.expect.skills);
  expect(await browser.inExtension(rememberedOrigins)).toContain(origin);

  const shown = (what: string, done: (c: ChangesShown) => boolean) =>
    waitFor(async () => (await first.panel.evaluate(READ_CHANGES)) as ChangesShown, done, { what, timeoutMs: 30_000 });
  changing.set('rewritten');
  await recheckUntil(first.panel, 'verified');
  const rewritten = await shown('the rewritten skill in the changes', (c) => c.kinds.includes('skill-changed') && c.diffs.length > 0);
  expect(rewritten.kinds).toEqual(['skill-changed']);
  expect(rewritten.diffs[0]).toContain(REWRITTEN_SKILL_LINE);

  changing.set('issuer');
  await waitFor(
    () => first.panel.evaluate(PRESS_RECHECK),
    (pressed) => pressed === true,
    { what: 'Check again to be enabled' },
  );
  const issuer = await shown('the issuer change', (c) => c.kinds.includes('issuer-changed'));
  expect(issuer.kinds[0]).toBe('issuer-changed');

  await first.panel.evaluate(`document.querySelector('[data-forget-site]').click()`);
  expect(
    await waitFor(
      async () => (await browser.inExtension(rememberedOrigins)) as string[],
      (origins) => !origins.includes(origin),
      { what: 'the origin to leave the memory' },
    ),
  ).not.toContain(origin);
  changing.set('original');
}

/** A session that can open a private window (launched allowing the extension there). */
export interface PrivateSession<P extends EvaluatingPage> extends MemorySession<P> {
  /** Opens `url` in a new private window; its tab id once the page has loaded. */
  visitPrivately(url: string): Promise<{ tabId: number; close(): Promise<void> }>;
}

/** Two copies of one small site under their own names: one visited privately, one normally. */
/** The site the quiet choice is made on: no other test visits it. */
export const quietChoiceSite = (): FixtureSite => ({ ...wellKnownOnly, name: 'quiet-choice' });

/** Presses the panel's "Don't check this site automatically" (or its undo) and waits for the other. */
async function pressSiteChoice(panel: EvaluatingPage, quiet: boolean): Promise<void> {
  await panel.waitForSelector(`[data-site-quiet="${!quiet}"]`);
  await panel.evaluate(`document.querySelector('[data-site-quiet="${!quiet}"]').click()`);
  await panel.waitForSelector(`[data-site-quiet="${quiet}"]`);
}

/**
 * The panel's choice reaches the background at once, though the background keeps its own copy of
 * the choices for page visits (platform/storage.ts): a stale site made quiet is not asked again on
 * the next visit, and once the choice is undone the next visit checks it.
 */
export async function quietChoiceReachesTheBackground<P extends EvaluatingPage>(browser: MemorySession<P>, server: FixtureServer) {
  const site = quietChoiceSite();
  const origin = server.origin(site.name);
  const badge = expectedBadge(site.expect);
  const asked = (since: number) =>
    server.requests.filter((r) => r.site === site.name && r.time >= since && r.url.startsWith(WELL_KNOWN.poppy)).length;
  const { panel } = await visitAndCheck(browser, `${origin}/`);
  await pressSiteChoice(panel, true);
  await browser.inExtension(agePast(origin));

  const quietSince = Date.now();
  const quiet = await browser.visit(`${origin}/`);
  // The stale result is shown and nothing is asked (a check would have asked within this time).
  expect(await settledBadge(browser, quiet.tabId, badge)).toBe(badge);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(asked(quietSince)).toBe(0);

  await pressSiteChoice(panel, false);
  const checkedSince = Date.now();
  const checked = await browser.visit(`${origin}/`);
  expect(
    await waitFor(
      () => Promise.resolve(asked(checkedSince)),
      (n) => n > 0,
      { what: `a check of ${origin}` },
    ),
  ).toBe(1);
  expect(await settledBadge(browser, checked.tabId, badge)).toBe(badge);
}

export function privateVisitSites(): { privately: FixtureSite; normally: FixtureSite } {
  return { privately: { ...wellKnownOnly, name: 'private-visit' }, normally: { ...wellKnownOnly, name: 'normal-visit' } };
}

/** Every storage.local item as JSON text, by key. */
const LOCAL_ITEMS = `(async () => Object.fromEntries(
  Object.entries(await (globalThis.browser || globalThis.chrome).storage.local.get(null)).map(([key, value]) => [key, JSON.stringify(value)]),
))()`;

/** The storage.local keys whose value names `origin` (its port may not run on into more digits). */
async function keysNaming(browser: MemorySession<EvaluatingPage>, origin: string): Promise<string[]> {
  const items = (await browser.inExtension(LOCAL_ITEMS)) as Record<string, string>;
  const naming = new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9])`);
  return Object.keys(items)
    .filter((key) => naming.test(items[key]!))
    .sort();
}

const incognito = (tabId: number) => `(globalThis.browser || globalThis.chrome).tabs.get(${tabId}).then((t) => t.incognito)`;

/**
 * A site checked in a private window leaves nothing in storage.local (D13): no memory, no revisit
 * time, no skill bodies under its URLs. The control, a copy of the site visited in a normal window
 * next, is remembered under each of those keys. Its bodies are kept last, after the private
 * check's would have been (one queue, skill-body-cache.ts), so the read comes after both.
 */
export async function privateWindowKeepsNothing<P extends EvaluatingPage>(browser: PrivateSession<P>, server: FixtureServer) {
  const { privately, normally } = privateVisitSites();
  const badge = expectedBadge(privately.expect);
  const origin = server.origin(privately.name);
  const hidden = await browser.visitPrivately(`${origin}/`);
  expect(await browser.inExtension(incognito(hidden.tabId))).toBe(true);
  expect(await settledBadge(browser, hidden.tabId, badge)).toBe(badge);
  // Closed, so the next tab opens in a normal window (Firefox opens it in the last one used).
  await hidden.close();

  const control = server.origin(normally.name);
  const shown = await browser.visit(`${control}/`);
  expect(await browser.inExtension(incognito(shown.tabId))).toBe(false);
  expect(await settledBadge(browser, shown.tabId, badge)).toBe(badge);
  const kept = [STORAGE_KEYS.bodyIndex, STORAGE_KEYS.revisits, STORAGE_KEYS.siteMemory].sort();
  expect(
    await waitFor(
      () => keysNaming(browser, control),
      (keys) => kept.every((key) => keys.includes(key)),
      { what: 'the normal visit to be remembered' },
    ),
  ).toEqual(kept);
  expect(await keysNaming(browser, origin)).toEqual([]);
}
