// D5 in Firefox: statuses come from this check's answers, never from kept bodies. D13: what
// changed since the last check, and nothing kept from a private window.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { northlight } from '../../fixtures/sites/northlight';
import { changingNorthlight, northlightCrlfCopy } from '../../fixtures/sites/northlight-changing';
import { launchFirefox, type FirefoxSession } from '../harness/firefox';
import {
  changesSinceLastCheck,
  fileChangesAfterVerified,
  privateVisitSites,
  privateWindowKeepsNothing,
  quietChoiceReachesTheBackground,
  quietChoiceSite,
  sameDigestTwoSites,
} from '../harness/skill-memory';

const changing = changingNorthlight();
const copy = northlightCrlfCopy();
let server: FixtureServer;
let browser: FirefoxSession;

beforeAll(async () => {
  server = await startFixtureServer({
    sites: [northlight, copy, changing.site, ...Object.values(privateVisitSites()), quietChoiceSite()],
    https: false,
  });
  browser = await launchFirefox({ privateBrowsing: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Firefox: a cache never vouches', () => {
  it('the same digest served differently by two sites: the CRLF copy is a mismatch', () => sameDigestTwoSites(browser, server, copy.name));
  it('a file changed after a verified check: mismatch on the automatic re-check and on Check again; gone: unreachable', () =>
    fileChangesAfterVerified(browser, server, changing));
  it('a rewritten skill and another issuer show as changes, the issuer first; Forget this site forgets the origin (D13)', () =>
    changesSinceLastCheck(browser, server, changing));
  it('a site checked in a private window leaves nothing in storage.local; a normal window is remembered (D13)', () =>
    privateWindowKeepsNothing(browser, server));
  it("the panel's quiet choice and its undo reach the background, which keeps a copy of the choices", () =>
    quietChoiceReachesTheBackground(browser, server));
});
