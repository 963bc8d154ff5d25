// Every JSON report the tests see is checked against schemas/report.schema.json
// (docs/report-format.md): the command line's `--json` through tests/cli/cli-process.ts, the
// engine's reportToJson in tests/engine/report/report-schema.test.ts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

const schema = JSON.parse(readFileSync(resolve(process.cwd(), 'schemas/report.schema.json'), 'utf8')) as object;
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
const validate = ajv.compile(schema);

/** The schema's complaints about a value, one line each; empty when it is a valid report. */
export function reportProblems(value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** Throws, naming each problem, unless `value` is a report the schema accepts. */
export function assertReport(value: unknown, what = 'report'): void {
  const problems = reportProblems(value);
  if (problems.length > 0) throw new Error(`${what} does not match schemas/report.schema.json:\n${problems.join('\n')}`);
}
