/**
 * Changes in the exports: JSON (`changes`, each with its words rendered as for findings), a
 * Markdown section, SARIF results of kind `informational` (D13: a change is news, not an error).
 */
import type * as Sarif from 'sarif';
import { mdText } from '../report/markdown-text';
import { renderParam, renderText, type MessageSource } from '../report/render';
import type { Words } from '../report/words';
import type { Change } from './changes';
import { changeWords, NOTHING_CHANGED } from './words';

export type ChangeJson = Change & { message: string; messageKey: string; params: string[] };

export function changesToJson(changes: readonly Change[], source: MessageSource): ChangeJson[] {
  return changes.map((c) => {
    const words = changeWords(c);
    return { ...c, message: renderText(source, words), messageKey: words.key, params: words.params.map((p) => renderParam(source, p)) };
  });
}

/** A Markdown section under `heading`; site text (names, URLs) escaped as a finding's message is. */
export function changesToMarkdown(changes: readonly Change[], heading: Words, source: MessageSource): string[] {
  if (changes.length === 0) return [`## ${renderText(source, heading)}`, '', renderText(source, NOTHING_CHANGED({}))];
  return [
    `## ${renderText(source, heading)}`,
    '',
    ...changes.map((c) => `- ${'loud' in c ? '**!** ' : ''}${mdText(renderText(source, changeWords(c)))}`),
  ];
}

/** One rule per kind of change, one result per change, at level `note` and kind `informational`. */
export function changesToSarif(
  changes: readonly Change[],
  source: MessageSource,
): { rules: Sarif.ReportingDescriptor[]; results: Sarif.Result[] } {
  const rules: Sarif.ReportingDescriptor[] = [];
  const index = new Map<string, number>();
  const results = changes.map((c): Sarif.Result => {
    const id = `change/${c.kind}`;
    if (!index.has(id)) {
      index.set(id, rules.length);
      rules.push({ id, shortDescription: { text: id }, defaultConfiguration: { level: 'note' } });
    }
    return { ruleId: id, kind: 'informational', level: 'none', message: { text: renderText(source, changeWords(c)) } };
  });
  return { rules, results };
}
