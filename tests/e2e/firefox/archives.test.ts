/** The archive cases of tests/e2e/chromium/archives.test.ts, in Firefox ESR. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { archivesSite, buildArchives } from '../../fixtures/hostile/archives';
import type { FixtureServer } from '../../fixtures/server';
import { publicDomain } from '../../fixtures/site';
import { archiveBooks } from '../../fixtures/sites/archive-books';
import { expectArchiveStore, expectHostileArchives } from '../harness/archives';
import { launchFirefox, type FirefoxSession } from '../harness/firefox';
import { startHostileServer } from '../harness/hostile';

let server: FixtureServer;
let browser: FirefoxSession;

beforeAll(async () => {
  await buildArchives(Object.keys(archivesSite.expect.skills));
  server = await startHostileServer([archiveBooks]);
  browser = await launchFirefox({ publicNames: [archiveBooks.name, archivesSite.name].map(publicDomain) });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('archive skills in the Firefox panel', () => {
  it(
    'a store of archives: verified, files with sizes, the SKILL.md previewed with archive links as text',
    () => expectArchiveStore(browser, server),
    90_000,
  );
  it('a store of hostile archives: each verified, with its own findings on screen', () => expectHostileArchives(browser, server), 90_000);
});
