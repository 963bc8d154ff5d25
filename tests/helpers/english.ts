import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Finding } from '../../utils/engine/report/findings';
import { catalogSource, renderText, type Catalog } from '../../utils/engine/report/render';
import type { Words } from '../../utils/engine/report/words';

/** The English catalog as the extension ships it, read the way browsers read it (render.ts). */
export const CATALOG = JSON.parse(readFileSync(resolve(process.cwd(), 'public/_locales/en/messages.json'), 'utf8')) as Catalog;
export const ENGLISH = catalogSource(CATALOG, 'en');

/** Words in English, as the command line prints them. */
export function english(words: Words | undefined): string {
  return words === undefined ? '' : renderText(ENGLISH, words);
}

/** A finding with its message and hint in English, for assertions on what a reader sees. */
export type EnglishFinding = Omit<Finding, 'message' | 'hint'> & { message: string; hint: string };

export function inEnglish(finding: Finding): EnglishFinding {
  return { ...finding, message: english(finding.message), hint: english(finding.hint) };
}

export function allInEnglish(findings: readonly Finding[]): EnglishFinding[] {
  return findings.map(inEnglish);
}
