// D5 in Chromium: statuses come from this check's answers, never from kept bodies. D13: what
// changed since the last check, and nothing kept from an incognito window.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { northlight } from '../../fixtures/sites/northlight';
import { changingNorthlight, northlightCrlfCopy } from '../../fixtures/sites/northlight-changing';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import {
  changesSinceLastCheck,
  fileChangesAfterVerified,
  privateVisitSites,
  privateWindowKeepsNothing,
  quietChoiceReachesTheBackground,
  quietChoiceSite,
  sameDigestTwoSites,
  type PrivateSession,
} from '../harness/skill-memory';

const changing = changingNorthlight();
const copy = northlightCrlfCopy();
let server: FixtureServer;
let browser: ChromiumSession;
let session: PrivateSession<Awaited<ReturnType<ChromiumSession['openPanel']>>>;

beforeAll(async () => {
  server = await startFixtureServer({
    sites: [northlight, copy, changing.site, ...Object.values(privateVisitSites()), quietChoiceSite()],
    https: false,
  });
  browser = await launchChromium({ incognito: true });
  session = { ...browser, inExtension: async (expression) => (await browser.worker()).evaluate(expression) };
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Chromium: a cache never vouches', () => {
  it('the same digest served differently by two sites: the CRLF copy is a mismatch', () => sameDigestTwoSites(session, server, copy.name));
  it('a file changed after a verified check: mismatch on the automatic re-check and on Check again; gone: unreachable', () =>
    fileChangesAfterVerified(session, server, changing));
  it('a rewritten skill and another issuer show as changes, the issuer first; Forget this site forgets the origin (D13)', () =>
    changesSinceLastCheck(session, server, changing));
  it('a site checked in an incognito window leaves nothing in storage.local; a normal window is remembered (D13)', () =>
    privateWindowKeepsNothing(session, server));
  it("the panel's quiet choice and its undo reach the background, which keeps a copy of the choices", () =>
    quietChoiceReachesTheBackground(session, server));
});
