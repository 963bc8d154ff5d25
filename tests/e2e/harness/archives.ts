/**
 * The archive checks both browsers run (tests/e2e/chromium/archives.test.ts and the Firefox
 * one): the page readers are plain JavaScript strings, as in ./panel.ts.
 */
import { expect } from 'vitest';
import { ARCHIVE_RULE_CODES, archivesSite } from '../../fixtures/hostile/archives';
import type { FixtureServer } from '../../fixtures/server';
import { archiveBooks } from '../../fixtures/sites/archive-books';
import { shownFindings } from './hostile';
import { settledPanel, statuses, type EvaluatingPage, type ExtensionSession } from './panel';
import { waitFor } from './wait';

const ROW_FILES = (skill: string) => `Array.from(document.querySelectorAll('[data-skill="${skill}"] .archive-files li')).map((li) =>
  (li.textContent || '').replace(/\\s+/g, ' ').trim())`;

const OPEN_PREVIEW = (skill: string) => `document.querySelector('[data-skill="${skill}"] details.skill-body > summary').click()`;

const PREVIEW = (skill: string) => `(() => {
  const body = document.querySelector('[data-skill="${skill}"] details.skill-body .markdown');
  return body && {
    text: (body.textContent || '').replace(/\\s+/g, ' ').trim(),
    links: Array.from(body.querySelectorAll('a')).map((a) => a.getAttribute('href')),
  };
})()`;

type Session<P extends EvaluatingPage> = ExtensionSession<P>;

/** archive-books: verified, each file listed with its size, the SKILL.md previewed with archive links as text. */
export async function expectArchiveStore<P extends EvaluatingPage & { close(): Promise<void> }>(
  session: Session<P>,
  server: FixtureServer,
) {
  const { tabId } = await session.visit(`${server.publicOrigin(archiveBooks.name)}/`);
  const panel = await session.openPanel(tabId);
  const snapshot = await settledPanel(panel, 30_000);
  expect(snapshot.verdict).toBe('ok');
  expect(statuses(snapshot)).toEqual(archiveBooks.expect.skills);
  const reserve = snapshot.skills.find((s) => s.name === 'reserve-a-book')!;
  expect(reserve.text).toContain('✓ Verified');
  expect(reserve.text).toContain('tar.gz archive: 5 entries');
  expect(await panel.evaluate(ROW_FILES('reserve-a-book'))).toEqual([
    expect.stringMatching(/^SKILL\.md · \d+ B$/),
    'scripts/',
    // A #! first line: the listing marks a script (nothing from an archive is ever run).
    expect.stringMatching(/^scripts\/reserve\.sh · \d+ B · ⚙ script \(starts with #!\)$/),
    'references/',
    expect.stringMatching(/^references\/search\.md · \d+ B$/),
  ]);
  expect(snapshot.skills.find((s) => s.name === 'renew-a-loan')!.text).toContain('zip archive: 3 entries');

  await panel.evaluate(OPEN_PREVIEW('reserve-a-book'));
  const preview = (await waitFor(
    () => panel.evaluate(PREVIEW('reserve-a-book')),
    (p) => p !== null,
    { what: "the archive's SKILL.md preview" },
  )) as { text: string; links: string[] };
  expect(preview.text).toContain('Reserve a book');
  expect(preview.text).toContain('the search notes (references/search.md)');
  expect(preview.links.some((href) => href.includes('references/search.md'))).toBe(false);
  await panel.close();
}

/** h-archives: each archive verified (its digest matched), with its own findings on screen. */
export async function expectHostileArchives<P extends EvaluatingPage & { close(): Promise<void> }>(
  session: Session<P>,
  server: FixtureServer,
) {
  const { tabId } = await session.visit(`${server.publicOrigin(archivesSite.name)}/`);
  const panel = await session.openPanel(tabId);
  const snapshot = await settledPanel(panel, 30_000);
  expect(snapshot.verdict).toBe('errors');
  expect(statuses(snapshot)).toEqual(archivesSite.expect.skills);
  const shown = await shownFindings(panel);
  for (const skill of ['ar-dot-dot', 'ar-wrapped', 'ar-symlink-outside', 'ar-corrupt-gzip', 'ar-nested']) {
    for (const code of ARCHIVE_RULE_CODES[skill]!) {
      const finding = shown.find((f) => f.code === code && f.visible && f.text.includes(skill));
      expect(finding, `${skill}: ${code} on screen`).toBeTruthy();
    }
  }
  expect(snapshot.skills.find((s) => s.name === 'ar-wrapped')!.text).toContain('ar-wrapped/SKILL.md');
  await panel.close();
}
