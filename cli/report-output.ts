/**
 * Writes a check's report in the format asked for, to the terminal or to `--output`; with
 * `--output` the text summary still goes to the terminal, so a CI log shows what was found.
 */
import { writeFile } from 'node:fs/promises';
import type { Finding } from '../utils/engine/report/findings';
import { reportToJson } from '../utils/engine/report/report-json';
import { reportToMarkdown } from '../utils/engine/report/report-markdown';
import { reportToSarif } from '../utils/engine/report/report-sarif';
import type { Report } from '../utils/engine/report/report';
import { ENGLISH } from './english';
import { formatHuman } from './format-human';
import type { Io } from './io';
import type { FileLocation } from './locations';
import { createStyle, safeJson, safeText, terminalWidth, wantsColor, type Style } from './style';
import {
  CHANGED_SINCE_BASELINE,
  NOTHING_CHANGED,
  changesToJson,
  changesToMarkdown,
  changesToSarif,
  changeWords,
} from '../utils/engine/changes';
import type { ChangesSince } from './baseline';
import { english } from './english';

declare const __VERSION__: string;

export const FORMATS = ['text', 'json', 'markdown', 'sarif'] as const;
export type Format = (typeof FORMATS)[number];

/** What was checked, beside the report: the input, and for a directory where findings are. */
export interface CheckedTarget {
  input: string;
  /** The scheme given to an address typed without one. */
  assumedScheme: 'http' | 'https' | null;
  /** The directory checked as the site's files, or null for a URL. */
  directory: string | null;
  origin: string;
  elapsedMs: number;
  locations?: Map<Finding, FileLocation>;
  /** `--baseline`: what changed since the earlier report (D13). */
  changes?: ChangesSince;
}

/**
 * The report as JSON, its words in English (report-json.ts); a check of files adds `directory`
 * and each finding's `file`, `line`, `column`.
 */
export function jsonReport(report: Report, checked: CheckedTarget): string {
  const base = reportToJson(report, ENGLISH);
  const json = checked.changes
    ? { ...base, baseline: { checkedAt: checked.changes.since }, changes: changesToJson(checked.changes.changes, ENGLISH) }
    : base;
  if (checked.directory === null) return safeJson(json);
  // Findings keep their order through the export: the n-th is the n-th of the report.
  const findings = json.findings.map((f, i) => {
    const where = checked.locations?.get(report.findings[i]!);
    return where ? { ...f, file: where.file, line: where.line, column: where.column } : f;
  });
  return safeJson({ ...json, directory: checked.directory, findings });
}

function render(format: Format, report: Report, checked: CheckedTarget, color: boolean, width: number | null = null): string {
  switch (format) {
    case 'json':
      return jsonReport(report, checked);
    case 'markdown':
      // Line by line: the document's own line breaks stay, every hidden character is spelled out.
      return withChanges(reportToMarkdown(report, ENGLISH), checked).split('\n').map(safeText).join('\n');
    case 'sarif': {
      const log = reportToSarif(report, ENGLISH, { toolVersion: __VERSION__, locations: checked.locations });
      if (checked.changes) {
        const run = log.runs[0]!;
        const { rules, results } = changesToSarif(checked.changes.changes, ENGLISH);
        run.tool.driver.rules = [...(run.tool.driver.rules ?? []), ...rules];
        run.results = [...(run.results ?? []), ...results];
      }
      return safeJson(log);
    }
    case 'text': {
      const style = createStyle(color);
      const text = formatHuman(report, style, checked.elapsedMs, checked, width);
      if (!checked.changes) return text;
      // After the title lines: what changed is the news of a scheduled run.
      const lines = text.split('\n');
      const at = lines.indexOf('') + 1;
      return [...lines.slice(0, at), ...changeLines(checked.changes, style), '', ...lines.slice(at)].join('\n');
    }
  }
}

/** The Markdown section goes before the first section of the report. */
function withChanges(markdown: string, checked: CheckedTarget): string {
  if (!checked.changes) return markdown;
  const lines = markdown.split('\n');
  const at = lines.findIndex((l) => l.startsWith('## '));
  const section = changesToMarkdown(checked.changes.changes, CHANGED_SINCE_BASELINE({ date: checked.changes.since }), ENGLISH);
  const where = at < 0 ? lines.length : at;
  return [...lines.slice(0, where), ...section, '', ...lines.slice(where)].join('\n');
}

function changeLines({ since, changes }: ChangesSince, style: Style): string[] {
  const heading = style.bold(english(CHANGED_SINCE_BASELINE({ date: since })));
  if (changes.length === 0) return [heading, style.dim(`  ${english(NOTHING_CHANGED({}))}`)];
  return [
    heading,
    ...changes.map((c) =>
      'loud' in c ? style.red(`  ! ${safeText(english(changeWords(c)))}`) : `  ~ ${safeText(english(changeWords(c)))}`,
    ),
  ];
}

export async function writeReport(
  report: Report,
  checked: CheckedTarget,
  o: { format: Format; output: string | undefined; io: Io },
): Promise<boolean> {
  const color = wantsColor(o.io.stdout, o.io.env);
  const width = terminalWidth(o.io.stdout, o.io.env);
  if (o.output === undefined) {
    o.io.stdout.write(`${render(o.format, report, checked, o.format === 'text' && color, width)}\n`);
    return true;
  }
  try {
    await writeFile(o.output, `${render(o.format, report, checked, false)}\n`);
  } catch (e) {
    o.io.stderr.write(`poppy-inspector: cannot write --output ${o.output}: ${(e as NodeJS.ErrnoException).code ?? 'error'}\n`);
    return false;
  }
  o.io.stdout.write(`${render('text', report, checked, color, width)}\n`);
  return true;
}
