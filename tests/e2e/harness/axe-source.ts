/**
 * axe-core where Playwright's helper cannot go (Firefox, through Puppeteer over WebDriver BiDi):
 * its source evaluated in the page, then every rule axe runs by default, on the page as it is
 * now. Violations come back as the same short lines as `axeViolations` (axe.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { EvaluatingPage } from './panel';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const RUN = `axe.run().then((results) => results.violations.flatMap((v) =>
  v.nodes.map((node) => v.id + ' (' + (v.impact || 'n/a') + '): ' + node.target.join(' ') + ' — ' + (node.failureSummary || v.help)),
))`;

export async function axeViolationsIn(page: EvaluatingPage): Promise<string[]> {
  if ((await page.evaluate('typeof axe')) !== 'object') await page.evaluate(AXE_SOURCE);
  return (await page.evaluate(RUN)) as string[];
}
