/**
 * axe-core in the real browser (Chromium, through Playwright): every rule axe runs by default
 * (WCAG 2.x A and AA, and its best practices), on the page as it is now, in the colour scheme
 * the page is emulating. Violations come back as short lines a failing test can print.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((node) => `${v.id} (${v.impact ?? 'n/a'}): ${node.target.join(' ')} — ${node.failureSummary ?? v.help}`),
  );
}
