/**
 * The sign-in trust chain (D10) as a person reads it in the panel, the same in Chromium and
 * Firefox: the line under the site's name, the sign-in fold's status, and, once that fold is
 * opened with a click, the chain's own section and each link's status. Text is read with
 * innerText, so only what is rendered on screen counts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hostOf } from '../../../utils/engine/text/host-of';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { trustCompanyMissing, trustIssuerMismatch, trustRemoteIssuer } from '../../fixtures/sites/trust-breaks';
import { filled, message } from './messages';
import { visitAndCheck, type EvaluatingPage, type ExtensionSession } from './panel';
import { waitFor } from './wait';

export interface ClickingPage extends EvaluatingPage {
  click(selector: string): Promise<unknown>;
}

export interface TrustOnScreen {
  summary: string;
  foldStatus: string | null;
  foldText: string;
  chain: string | null;
  /** The chain section's rendered text: empty while the fold is closed. */
  chainText: string;
  links: { kind: string | null; status: string | null }[];
  headline: string;
  offer: string;
  /** Each verified skill's title over its machine name. */
  titles: [string, string][];
  /** The sign-in fold: open, above the skills heading, and the fixes shown in it. */
  signIn: { open: boolean; beforeSkills: boolean; fixes: string[]; link: string | null };
}

const READ_TRUST = `(() => {
  const text = (el) => (el ? el.innerText : '').replace(/\\s+/g, ' ').trim();
  const status = document.querySelector('[data-trust-status]');
  const chain = document.querySelector('[data-trust]');
  return {
    summary: text(document.querySelector('[data-summary]')),
    foldStatus: status ? status.getAttribute('data-trust-status') : null,
    foldText: text(status ? status.closest('summary') : null),
    chain: chain ? chain.getAttribute('data-trust') : null,
    chainText: text(chain),
    links: Array.from(document.querySelectorAll('[data-trust-link]')).map((el) => ({
      kind: el.getAttribute('data-trust-link'),
      status: el.getAttribute('data-status'),
    })),
    headline: text(document.querySelector('.verdict')),
    offer: text(document.querySelector('[data-offer]')),
    titles: Array.from(document.querySelectorAll('[data-skill-title]')).map((el) => [el.firstChild ? el.firstChild.textContent : '', text(el.querySelector('.machine-name'))]),
    signIn: (() => {
      const fold = document.querySelector('[data-fold-name="sign-in"]');
      const skills = document.getElementById('skills-heading');
      const link = fold ? fold.querySelector('[data-finding-link]') : null;
      return {
        open: Boolean(fold && fold.open),
        beforeSkills: Boolean(fold && skills && fold.compareDocumentPosition(skills) & Node.DOCUMENT_POSITION_FOLLOWING),
        fixes: fold ? Array.from(fold.querySelectorAll('[data-fix-for] .hint')).map(text) : [],
        link: link ? link.getAttribute('data-finding-link') : null,
      };
    })(),
  };
})()`;

export async function readTrust(page: EvaluatingPage): Promise<TrustOnScreen> {
  return (await page.evaluate(READ_TRUST)) as TrustOnScreen;
}

/** Opens the sign-in fold as a person does: a click on its summary line. */
export async function openSignInFold(page: ClickingPage): Promise<TrustOnScreen> {
  // A click anywhere on the summary line toggles the fold; its status is part of that line.
  await page.click('[data-trust-status]');
  await page.waitForSelector('details[open] [data-trust]', { timeout: 5_000 });
  return readTrust(page);
}

type TrustSession = ExtensionSession<ClickingPage> & { close(): Promise<void> };

/**
 * The trust fixture stores in the browser `launch` starts: a chain broken by one character is the
 * verdict's reason on the first screen and opens to the failed link; a chain whose issuer lives
 * on another host holds once the panel asks that host.
 */
export function trustSuite(launch: () => Promise<TrustSession>): void {
  let server: FixtureServer;
  let browser: TrustSession;

  beforeAll(async () => {
    server = await startFixtureServer({ https: false });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a broken chain: the reason under the name, ✗ on the sign-in fold, and the failed link inside it', async () => {
    const origin = server.origin(trustIssuerMismatch.name);
    const { panel, snapshot, tabId } = await visitAndCheck(browser, `${origin}/`);
    expect(snapshot.verdict).toBe('errors');
    const closed = await readTrust(panel);
    const reason = filled('stateSummaryTrustBroken', { issuer: hostOf(origin) });
    expect(closed.summary).toBe(reason);
    // The badge's tooltip tells the same story.
    const tooltip = filled('stateTooltip', { site: 'Seed store (trust-issuer-mismatch)', summary: reason });
    expect(
      await waitFor(
        () => browser.title(tabId),
        (t) => t === tooltip,
        { what: 'the tooltip' },
      ),
    ).toBe(tooltip);
    expect(closed.foldStatus).toBe('broken');
    expect(closed.foldText).toContain(message('trustBroken'));
    // Its own headline, not the one for a skill that must not be used.
    expect(closed.headline).toBe(message('stateHeadlineSignInBroken'));
    // In a person's words: the verified skill's own title over its machine name, the offer in a line.
    expect(closed.titles).toEqual([['Find seeds', 'find-seeds']]);
    expect(closed.offer.startsWith(filled('siteOfferSignIn', { ways: '' }).trim())).toBe(true);
    // Problems first: the broken sign-in comes open above the verified skills, its fix in it,
    // and its link focuses the same finding under "For site owners".
    expect(closed.signIn.open).toBe(true);
    expect(closed.signIn.beforeSkills).toBe(true);
    expect(closed.signIn.fixes.length).toBeGreaterThan(0);
    expect(closed.signIn.fixes[0]!.startsWith(filled('fixHint', { hint: '' }).trim())).toBe(true);
    await panel.click(`[data-finding-link="${closed.signIn.link}"]`);
    expect(
      await panel.evaluate(`document.activeElement && document.activeElement.closest('.owners') ? document.activeElement.id : null`),
    ).toBe(closed.signIn.link);
    const open = await readTrust(panel);
    expect(open.chain).toBe('broken');
    expect(open.chainText).toContain(message('trustHeading'));
    expect(open.links).toContainEqual({ kind: 'issuer-metadata', status: 'failed' });
    expect(open.chainText).toContain(message('trustLinkFailed'));
  });

  it('an issuer on another host: checked when the panel opens, and the chain holds', async () => {
    const { panel } = await visitAndCheck(browser, `${server.origin(trustRemoteIssuer.name)}/`);
    const seen = await waitFor(
      () => readTrust(panel),
      (t) => t.foldStatus === 'verified',
      { what: 'the sign-in fold to say the chain holds' },
    );
    expect(seen.foldText).toContain(message('trustVerified'));
    const open = await openSignInFold(panel);
    expect(open.chain).toBe('verified');
    expect(open.links.length).toBeGreaterThan(0);
    expect(open.links.every((l) => l.status === 'verified')).toBe(true);
  });

  it('a 0.x site without the company document (D10): no blame under the name, the chain holds, that link ℹ', async () => {
    const { panel, snapshot } = await visitAndCheck(browser, `${server.origin(trustCompanyMissing.name)}/`);
    expect(snapshot.verdict).toBe('ok');
    const closed = await readTrust(panel);
    expect(closed.summary).not.toBe(filled('stateSummaryTrustBroken', { issuer: hostOf(server.origin(trustCompanyMissing.name)) }));
    expect(closed.foldStatus).toBe('verified');
    const open = await openSignInFold(panel);
    expect(open.links).toEqual([
      { kind: 'issuer-metadata', status: 'verified' },
      { kind: 'protected-resource', status: 'not-required' },
    ]);
    expect(open.chainText).toContain(message('trustLinkNotRequired'));
  });
}
