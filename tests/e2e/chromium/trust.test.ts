/**
 * The sign-in trust chain in the panel, in Chromium, on the trust fixture stores: a chain broken
 * by one character is the verdict's reason on the first screen and opens to the failed link; a
 * chain whose issuer lives on another host holds once the panel asks that host.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hostOf } from '../../../utils/engine/text/host-of';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { trustIssuerMismatch, trustRemoteIssuer } from '../../fixtures/sites/trust-breaks';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { filled, message } from '../harness/messages';
import { visitAndCheck } from '../harness/panel';
import { openSignInFold, readTrust } from '../harness/trust';
import { waitFor } from '../harness/wait';

let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startFixtureServer({ https: false });
  browser = await launchChromium();
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
  expect(closed.chainText).toBe('');
  const open = await openSignInFold(panel);
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
