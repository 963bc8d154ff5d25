/**
 * The panel on hostile sites never stays blank or stuck on "checking": it settles on a verdict and
 * says on screen what went wrong, through the findings the engine reports (their codes are the
 * panel's `data-code` contract). One slow case: a skill file that sends its headers and then
 * nothing, which the 10 s timeout (D5) must end. The 100 000-entry indexes once never settled
 * here (a storage write per entry, then a report over the session quota): they stay listed.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { FixtureServer } from '../../fixtures/server';
import { cutOff } from '../hostile-sites/cut-off';
import { stallSite } from '../hostile-sites/stall';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { shownFindings, startHostileServer, visibleText } from '../harness/hostile';
import { settledPanel } from '../harness/panel';

const stall = stallSite();
let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startHostileServer([stall.site, cutOff]);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Case {
  site: string;
  verdict: 'errors' | 'warnings' | 'ok';
  /** Codes whose findings must be on screen, each saying what went wrong. */
  codes: string[];
  /** Text the panel must show somewhere (a skill row's reason, a finding). */
  says?: RegExp;
}

const CASES: Case[] = [
  // The slow one first, so its 10 s wait overlaps the others.
  { site: stall.site.name, verdict: 'errors', codes: ['skill-unreachable'], says: /did not finish within 10 s/ },
  // Chromium says only "network error" of a body cut off partway; the reason says it was being read.
  {
    site: cutOff.name,
    verdict: 'errors',
    codes: ['skill-unreachable'],
    says: /reading the answer failed partway through \(network error\)/,
  },
  { site: 'h-huge-declared', verdict: 'errors', codes: ['document-too-large'], says: /larger than 2 MiB/ },
  { site: 'h-huge-chunked', verdict: 'errors', codes: ['document-too-large'], says: /larger than 2 MiB/ },
  { site: 'h-huge-lying', verdict: 'errors', codes: ['invalid-json'] },
  { site: 'h-huge-lying-chunked', verdict: 'errors', codes: ['document-too-large'] },
  { site: 'h-not-json', verdict: 'errors', codes: ['invalid-json', 'not-json'] },
  { site: 'h-soft-404', verdict: 'warnings', codes: ['html-instead-of-json'] },
  { site: 'h-login', verdict: 'warnings', codes: ['html-instead-of-json'] },
  { site: 'h-deep', verdict: 'errors', codes: ['entry-not-object', 'missing-type'] },
  { site: 'h-long-strings', verdict: 'errors', codes: ['value-too-long', 'skill-md-frontmatter-too-large'] },
  { site: 'h-proto', verdict: 'errors', codes: ['invalid-extension-name', 'bad-name'] },
  { site: 'h-wrong-types', verdict: 'errors', codes: ['wrong-type', 'skills-not-array'] },
  { site: 'h-201', verdict: 'ok', codes: ['too-many-skills'], says: /200/ },
  { site: 'h-many', verdict: 'errors', codes: ['too-many-skills'], says: /left out of the report/ },
  { site: 'h-many-unknown-schema', verdict: 'warnings', codes: ['unknown-schema', 'too-many-skills'] },
  { site: 'h-many-legacy', verdict: 'errors', codes: ['old-format', 'too-many-skills'] },
  { site: 'h-unicode', verdict: 'errors', codes: ['digest-mismatch', 'bad-name', 'skill-md-not-utf8'], says: /must not be used/ },
  { site: 'h-frontmatter', verdict: 'errors', codes: ['skill-md-no-frontmatter', 'skill-md-yaml-invalid', 'skill-md-name-mismatch'] },
  { site: 'h-answers', verdict: 'errors', codes: ['skill-unreachable', 'skill-no-cors', 'digest-mismatch'], says: /HTTP 404/ },
  { site: 'h-redirect-docs', verdict: 'errors', codes: ['redirect-blocked', 'insecure-redirect'], says: /points at this computer/ },
  // D12: a verified skill that asks what no skill may; its row says so in plain lines.
  {
    site: 'h-lens-asks',
    verdict: 'warnings',
    codes: ['lens-credentials', 'lens-approval-claim'],
    says: /What this skill asks of an agent[\s\S]*Asks for credentials or to send them/,
  },
];

// One test per site, four at a time (`maxConcurrency` in vitest.e2e.config.ts): the panel must
// cope with neighbours checking too, and a slow site holds up only its own slot, not a batch.
describe('the panel on hostile sites', () => {
  it.concurrent.for(CASES)(
    'settles and says what went wrong: $site',
    { timeout: 45_000 },
    async ({ site, verdict, codes, says }, { expect }) => {
      const { tabId } = await browser.visit(`${server.publicOrigin(site)}/`);
      const panel = await browser.openPanel(tabId);
      const snapshot = await settledPanel(panel, 30_000);
      expect(snapshot.verdict, site).toBe(verdict);
      const shown = await shownFindings(panel);
      for (const code of codes) {
        const finding = shown.find((f) => f.code === code && f.visible);
        expect(finding, `${site}: ${code} on screen`).toBeTruthy();
        // A message and a fix hint, not just a code.
        expect(finding!.text.length, `${site}: ${code} says something`).toBeGreaterThan(code.length + 20);
      }
      if (says) expect(await visibleText(panel), site).toMatch(says);
      await panel.close();
    },
  );
});
