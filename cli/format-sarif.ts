/**
 * The report as SARIF 2.1.0, for code scanning: one rule per finding code with its fix as help
 * text, one result per finding. A check of files gives each result its file, line and column;
 * a check of a URL names the document's URL.
 */
import type * as Sarif from 'sarif';
import type { Finding } from '../utils/engine/report/findings';
import type { Report } from '../utils/engine/report/report';
import type { Severity } from '../utils/engine/spec';
import { english } from './english';
import type { FileLocation } from './locations';

declare const __VERSION__: string;

export const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

const LEVEL: Readonly<Record<Severity, Sarif.ReportingConfiguration.level>> = { error: 'error', warning: 'warning', info: 'note' };

export function toSarif(report: Report, locations: ReadonlyMap<Finding, FileLocation> | undefined): Sarif.Log {
  const rules: Sarif.ReportingDescriptor[] = [];
  const ruleIndex = new Map<string, number>();
  for (const f of report.findings) {
    if (ruleIndex.has(f.code)) continue;
    ruleIndex.set(f.code, rules.length);
    rules.push({
      id: f.code,
      shortDescription: { text: f.code },
      fullDescription: { text: english(f.hint) },
      help: { text: english(f.hint) },
      defaultConfiguration: { level: LEVEL[f.severity] },
    });
  }
  const results = report.findings.map((f): Sarif.Result => {
    const where = locations?.get(f);
    return {
      ruleId: f.code,
      ruleIndex: ruleIndex.get(f.code)!,
      level: LEVEL[f.severity],
      message: { text: f.skill ? `${english(f.message)} (skill ${f.skill})` : english(f.message) },
      locations: [location(f, where, report.target)],
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'poppy-inspector', version: __VERSION__, rules } },
        results,
        properties: { target: report.target, verdict: report.verdict },
      },
    ],
  };
}

function location(f: Finding, where: FileLocation | undefined, target: string): Sarif.Location {
  const logical = f.path === null ? {} : { logicalLocations: [{ fullyQualifiedName: f.path, kind: 'member' }] };
  if (where) {
    const region =
      where.line === null ? {} : { region: { startLine: where.line, ...(where.column === null ? {} : { startColumn: where.column }) } };
    return { physicalLocation: { artifactLocation: { uri: encodeURI(where.file) }, ...region }, ...logical };
  }
  return { physicalLocation: { artifactLocation: { uri: f.document ?? target } }, ...logical };
}
