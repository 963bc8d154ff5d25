// SARIF from the engine (the command line and the full-page report share it): valid against the
// official 2.1.0 schema (tests/fixtures/sarif/), its words in the caller's catalog.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { catalogSource, renderText, type Catalog } from '../../../utils/engine/report/render';
import { reportToSarif, sarifText } from '../../../utils/engine/report/report-sarif';
import { ENGLISH } from '../../helpers/english';
import { FETCH_WORDS } from '../../../utils/engine/net/fetch-words';
import * as reports from '../../components/reports';

const schema = JSON.parse(readFileSync(new URL('../../fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validSarif = ajv.compile(schema);
const ENGLISH_CATALOG = JSON.parse(readFileSync(resolve(process.cwd(), 'public/_locales/en/messages.json'), 'utf8')) as Catalog;
const GERMAN = catalogSource(JSON.parse(readFileSync(resolve(process.cwd(), 'public/_locales/de/messages.json'), 'utf8')) as Catalog, 'de');

describe('reportToSarif', () => {
  it('is a valid log with one rule per code and one result per finding, naming each document', () => {
    const report = reports.withFindings();
    const log = reportToSarif(report, ENGLISH, { toolVersion: '9.9.9' });
    expect(validSarif(log), JSON.stringify(validSarif.errors)).toBe(true);
    const run = log.runs[0]!;
    expect(run.tool.driver).toMatchObject({ name: 'poppy-inspector', version: '9.9.9' });
    expect(run.results).toHaveLength(report.findings.length);
    expect(new Set(run.tool.driver.rules!.map((r) => r.id))).toEqual(new Set(report.findings.map((f) => f.code)));
    report.findings.forEach((f, i) => {
      expect(run.results![i]!.ruleId).toBe(f.code);
      expect(run.results![i]!.locations![0]!.physicalLocation!.artifactLocation!.uri).toBe(f.document ?? report.target);
    });
  });

  it('gives a check of files each finding its file, line and column', () => {
    const report = reports.withFindings();
    const first = report.findings[0]!;
    const log = reportToSarif(report, ENGLISH, {
      toolVersion: '1',
      locations: new Map([[first, { file: '.well-known/poppy.json', line: 3, column: 5 }]]),
    });
    expect(validSarif(log)).toBe(true);
    expect(log.runs[0]!.results![0]!.locations![0]!.physicalLocation).toEqual({
      artifactLocation: { uri: '.well-known/poppy.json' },
      region: { startLine: 3, startColumn: 5 },
    });
  });

  it('speaks the catalog it is given', () => {
    const report = reports.withFindings();
    const english = reportToSarif(report, ENGLISH, { toolVersion: '1' }).runs[0]!.results!.map((r) => r.message.text);
    const german = reportToSarif(report, GERMAN, { toolVersion: '1' }).runs[0]!.results!.map((r) => r.message.text);
    expect(german).toHaveLength(english.length);
    expect(german.some((text, i) => text !== english[i])).toBe(true);
  });

  it('names a finding\'s skill in the catalog\'s words, not in English (German: "Skill …")', () => {
    const report = reports.northlightStale();
    const index = report.findings.findIndex((f) => f.skill === 'change-flower-delivery');
    expect(index).toBeGreaterThanOrEqual(0);
    const textIn = (source: typeof ENGLISH) => reportToSarif(report, source, { toolVersion: '1' }).runs[0]!.results![index]!.message.text;
    const english = textIn(ENGLISH);
    const german = textIn(GERMAN);
    expect(english).toBe(`${renderText(ENGLISH, report.findings[index]!.message)} (skill change-flower-delivery)`);
    expect(german).toBe(`${renderText(GERMAN, report.findings[index]!.message)} (Skill change-flower-delivery)`);
    // A catalog with other words for the note shows them: nothing of it is written in the code.
    const marked = catalogSource(
      { ...ENGLISH_CATALOG, md_skill: { message: 'SKILL<$NAME$>', placeholders: { name: { content: '$1' } } } },
      'en',
    );
    expect(textIn(marked)).toContain('SKILL<change-flower-delivery>');
    expect(textIn(marked)).not.toContain('(skill ');
  });

  it('site text cannot make an embedded link (SARIF 2.1.0 §3.11.6): brackets are escaped', () => {
    const report = reports.withFindings();
    const linky = '[name](https://evil.example/x) [a]\\[b](0) \\](1)';
    report.findings = [
      // Rules take the first finding's hint per code.
      reports.finding(reports.siteText('plain'), { hint: FETCH_WORDS.network({ error: '[h](https://evil.example/h)' }) }),
      reports.finding(reports.siteText(linky), { skill: '[s](https://evil.example/s)' }),
    ];
    const log = reportToSarif(report, ENGLISH, { toolVersion: '1' });
    expect(validSarif(log)).toBe(true);
    const texts = [
      ...log.runs[0]!.results!.map((r) => r.message.text!),
      ...log.runs[0]!.tool.driver.rules!.flatMap((r) => [r.fullDescription!.text, r.help!.text]),
    ];
    // An embedded link is `[` not preceded by an escaping backslash, text, `](`: none survives.
    const embeddedLink = /(?<!\\)(?:\\\\)*\[[^\]]*(?<!\\)\]\(/;
    for (const text of texts) expect(text).not.toMatch(embeddedLink);
    expect(texts[1]).toContain('\\[name\\](https://evil.example/x)');
    expect(texts.join(' ')).toContain('\\[h\\](https://evil.example/h)');
  });

  it.each([
    ['plain', 'plain'],
    ['[a](b)', '\\[a\\](b)'],
    ['a\\[b', 'a\\\\\\[b'],
    ['C:\\dir\\file', 'C:\\dir\\file'],
  ])('sarifText(%j) → %j', (input, expected) => {
    expect(sarifText(input)).toBe(expected);
  });
});
