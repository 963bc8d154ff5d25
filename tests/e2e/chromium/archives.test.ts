/**
 * Archive skills in the panel (D7): a store whose skills are a .tar.gz and a .zip shows both
 * verified, lists each archive's files with their sizes, and previews the archive's SKILL.md
 * with its relative links as text (they name files in the archive, not web pages). A store of
 * hostile archives shows each archive verified (the digest matched) with its own findings.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { archivesSite, buildArchives } from '../../fixtures/hostile/archives';
import type { FixtureServer } from '../../fixtures/server';
import { archiveBooks } from '../../fixtures/sites/archive-books';
import { expectArchiveStore, expectHostileArchives } from '../harness/archives';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { startHostileServer } from '../harness/hostile';

let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  await buildArchives(Object.keys(archivesSite.expect.skills));
  server = await startHostileServer([archiveBooks]);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('archive skills in the Chromium panel', () => {
  it(
    'a store of archives: verified, files with sizes, the SKILL.md previewed with archive links as text',
    () => expectArchiveStore(browser, server),
    60_000,
  );
  it('a store of hostile archives: each verified, with its own findings on screen', () => expectHostileArchives(browser, server), 60_000);
});
