/**
 * The report as SARIF 2.1.0, for code scanning: one rule per finding code with its fix as help
 * text, one result per finding. A check of files gives each result its file, line and column;
 * a check of a URL names the document's URL. Shared by the command line (`--format sarif`) and
 * the full-page report's export; the words are in the caller's catalog, as for JSON and Markdown.
 */
import type * as Sarif from 'sarif';
import type { Finding } from './findings';
import { renderText, type MessageSource } from './render';
import type { Report } from './report';
import { REPORT_WORDS as W } from './report-words';
import { SARIF_SCHEMA, type Severity } from '../spec';

/** Where a finding is in the files checked: `/`-separated, line and column 1-based. */
export interface SarifFileLocation {
  file: string;
  line: number | null;
  column: number | null;
}

export interface SarifOptions {
  /** The tool's version as the log names it. */
  toolVersion: string;
  /** For a check of files: where each finding is. */
  locations?: ReadonlyMap<Finding, SarifFileLocation>;
}

/**
 * Plain text for a SARIF message: `[text](target)` there is an embedded link (SARIF 2.1.0
 * §3.11.6), so literal brackets, and a backslash before one, are escaped. Site text in a message
 * then reads as written and never links anywhere. Every message and description goes through it.
 */
export function sarifText(text: string): string {
  return text.replace(/\\(?=[[\]])|[[\]]/g, '\\$&');
}

const LEVEL: Readonly<Record<Severity, Sarif.ReportingConfiguration.level>> = { error: 'error', warning: 'warning', info: 'note' };

export function reportToSarif(report: Report, messages: MessageSource, options: SarifOptions): Sarif.Log {
  const say = (words: Finding['message']) => sarifText(renderText(messages, words));
  const { locations } = options;
  const rules: Sarif.ReportingDescriptor[] = [];
  const ruleIndex = new Map<string, number>();
  for (const f of report.findings) {
    if (ruleIndex.has(f.code)) continue;
    ruleIndex.set(f.code, rules.length);
    rules.push({
      id: f.code,
      shortDescription: { text: f.code },
      fullDescription: { text: say(f.hint) },
      help: { text: say(f.hint) },
      defaultConfiguration: { level: LEVEL[f.severity] },
    });
  }
  const results = report.findings.map((f): Sarif.Result => {
    const where = locations?.get(f);
    return {
      ruleId: f.code,
      ruleIndex: ruleIndex.get(f.code)!,
      level: LEVEL[f.severity],
      message: { text: say(f.skill ? W.valueNote({ value: f.message, note: W.skill({ name: f.skill }) }) : f.message) },
      locations: [location(f, where, report.target)],
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'poppy-inspector', version: options.toolVersion, rules } },
        results,
        properties: { target: report.target, verdict: report.verdict },
      },
    ],
  };
}

function location(f: Finding, where: SarifFileLocation | undefined, target: string): Sarif.Location {
  const logical = f.path === null ? {} : { logicalLocations: [{ fullyQualifiedName: f.path, kind: 'member' }] };
  if (where) {
    const region =
      where.line === null ? {} : { region: { startLine: where.line, ...(where.column === null ? {} : { startColumn: where.column }) } };
    return { physicalLocation: { artifactLocation: { uri: encodeURI(where.file) }, ...region }, ...logical };
  }
  return { physicalLocation: { artifactLocation: { uri: f.document ?? target } }, ...logical };
}
