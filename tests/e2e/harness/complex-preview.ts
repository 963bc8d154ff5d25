/**
 * The complex-preview scenario (docs/security.md), for both browsers: the panel opens the 100 K setext skill
 * (hostile-sites/complex-skill.ts) and a second site is visited while it is being previewed.
 * Asserted on state, never on elapsed time: the background answers with the text alone (it
 * parses nothing, so no check waits on a parse), the second tab gets its own settled badge, and
 * the panel ends on "too complex to preview" with the text, whole, as text.
 */
import { expect } from 'vitest';
import type { FixtureServer } from '../../fixtures/server';
import { COMPLEX_BODY, COMPLEX_DIGEST, COMPLEX_SKILL, COMPLEX_SKILL_SITE } from '../hostile-sites/complex-skill';
import { TEXT_MAX_CHARS } from '../../../utils/extension/skill-preview';
import { settledPanel, statuses, type EvaluatingPage, type ExtensionSession } from './panel';
import { waitFor } from './wait';

const OPEN_SKILL = `(() => { document.querySelector('details.skill-body > summary').click(); return true; })()`;

const PREVIEW = `(() => {
  const body = document.querySelector('details.skill-body');
  const text = body && body.querySelector('[data-preview="text"]');
  return {
    loading: !!(body && body.querySelector('[aria-busy="true"]')),
    fallback: text ? text.querySelector('p').textContent : null,
    shownText: text ? text.querySelector('pre').textContent : null,
    tree: !!(body && body.querySelector('.markdown')),
    headings: body ? body.querySelectorAll('h4, h5, h6').length : 0,
  };
})()`;

interface Preview {
  loading: boolean;
  fallback: string | null;
  shownText: string | null;
  tree: boolean;
  headings: number;
}

/** What the background answers the panel for this skill: the verified text, not a tree. */
const askText = (tabId: number, digest: string) =>
  `(globalThis.browser ?? chrome).runtime.sendMessage({ type: 'getSkillText', tabId: ${tabId}, digest: ${JSON.stringify(digest)} })`;

export async function complexPreviewScenario<P extends EvaluatingPage>(
  session: ExtensionSession<P>,
  server: FixtureServer,
  secondSite: string,
): Promise<void> {
  const { tabId } = await session.visit(`${server.publicOrigin(COMPLEX_SKILL_SITE)}/`);
  const panel = await session.openPanel(tabId);
  const snapshot = await settledPanel(panel);
  expect(statuses(snapshot)).toEqual({ [COMPLEX_SKILL]: 'verified' });

  expect(await panel.evaluate(OPEN_SKILL)).toBe(true);
  // While the panel previews the skill, another site is visited: its check runs and its badge
  // settles; nothing in the background is parsing.
  const second = await session.visit(`${server.publicOrigin(secondSite)}/`);
  // Verified skills give a badge; "" is also the badge before a check starts, so wait past both.
  const badge = await waitFor(
    () => session.badge(second.tabId),
    (text) => text !== '' && text !== '…',
    { what: 'the second tab to get its badge' },
  );
  expect(badge).not.toBe('');
  expect(await session.badge(tabId)).not.toBe('…');

  const preview = await waitFor(
    async () => (await panel.evaluate(PREVIEW)) as Preview,
    (p) => !p.loading && (p.fallback !== null || p.tree),
    { what: 'the skill preview', timeoutMs: 30_000 },
  );
  expect(preview.fallback).toBe('This skill is too complex to preview; here is its text.');
  expect(preview.tree).toBe(false);
  expect(preview.headings).toBe(0);
  // The body (the frontmatter is shown apart), whole: 100 K characters, the preview size.
  expect(COMPLEX_BODY.length).toBe(TEXT_MAX_CHARS);
  expect(preview.shownText).toBe(COMPLEX_BODY);

  const answer = (await panel.evaluate(askText(tabId, COMPLEX_DIGEST))) as { markdown: string; base: string } | null;
  expect(answer?.markdown).toBe(COMPLEX_BODY);
  expect(answer?.base).toBe(`${server.publicOrigin(COMPLEX_SKILL_SITE)}/.well-known/agent-skills/${COMPLEX_SKILL}/SKILL.md`);
}
