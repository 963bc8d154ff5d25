// docs/codes.md from the code tables themselves, so the list of finding codes cannot drift from
// the code (docs/architecture.md, "Adding a finding code"). `npm run docs:codes` writes it;
// tests/docs-codes.test.ts regenerates it and fails when the committed page differs.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FindingSpec } from '../utils/engine/report/findings';
import { catalogSource, renderText, type Catalog, type CatalogEntry } from '../utils/engine/report/render';
import type { Sentence } from '../utils/engine/report/words';

/** A code as a table declares it, with what the page needs of it. */
export interface CodeRow {
  code: string;
  severity: string;
  ourLimit: boolean;
  /** `versions` when the declaration names the protocol versions the rule applies to; else all. */
  versions: string;
  messages: string[];
  fix: string;
  module: string;
}

type Table = Record<string, FindingSpec & { says: unknown; versions?: string }>;

const ENGINE = 'utils/engine';
const DEFINES_CODES = /\bdefineCodes\(/;

/** Every module of the engine that holds a code table: each `codes.ts`, and any module calling `defineCodes(`. */
export function codeModules(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const rel = relative(root, path).split('\\').join('/');
        if (rel === `${ENGINE}/report/findings.ts`) continue; // where defineCodes itself lives
        if (entry.name === 'codes.ts' || DEFINES_CODES.test(readFileSync(path, 'utf8'))) out.push(rel);
      }
    }
  };
  walk(resolve(root, ENGINE));
  return out;
}

function isTable(value: unknown): value is Table {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length > 0 &&
    entries.every(
      ([key, spec]) =>
        typeof spec === 'object' &&
        spec !== null &&
        (spec as { code?: unknown }).code === key &&
        typeof (spec as { severity?: unknown }).severity === 'string' &&
        'says' in spec,
    )
  );
}

/** The exported code tables of each module, by module path and export name. */
export async function codeTables(root: string): Promise<{ module: string; name: string; table: Table }[]> {
  const out: { module: string; name: string; table: Table }[] = [];
  for (const module of codeModules(root)) {
    // eslint-disable-next-line no-unsanitized/method -- the engine's own modules, found by the walk above
    const exports = (await import(pathToFileURL(resolve(root, module)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) if (isTable(value)) out.push({ module, name, table: value });
  }
  return out;
}

function sentencesOf(says: unknown): Sentence[] {
  const single = says as { sentence?: Sentence };
  if (single.sentence) return [single.sentence];
  return Object.values(says as Record<string, { sentence: Sentence }>).map((s) => s.sentence);
}

/** A sentence as its English template: each value shown as ‹name›, plural sentences by their `_other` form. */
function template(catalog: Catalog, sentence: Sentence): string {
  const entry: CatalogEntry | undefined = catalog[sentence.key] ?? catalog[`${sentence.key}_other`];
  if (entry === undefined) return sentence.key;
  const placeholders = entry.placeholders ?? {};
  return entry.message
    .replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => {
      const content = placeholders[name.toLowerCase()]?.content;
      return content === undefined ? whole : content.replace(/\$[1-9]/, `‹${name.toLowerCase()}›`);
    })
    .replace(/\$\$/g, '$');
}

/** Every code once (a table may spread another's codes), in the order the modules declare them. */
export async function codeRows(root: string): Promise<CodeRow[]> {
  const catalog = JSON.parse(readFileSync(resolve(root, 'public/_locales/en/messages.json'), 'utf8')) as Catalog;
  const english = catalogSource(catalog, 'en');
  const rows = new Map<string, CodeRow>();
  for (const { module, table } of await codeTables(root)) {
    for (const spec of Object.values(table)) {
      if (rows.has(spec.code)) continue;
      rows.set(spec.code, {
        code: spec.code,
        severity: spec.severity,
        ourLimit: spec.ourLimit === true,
        versions: typeof spec.versions === 'string' ? spec.versions : 'all',
        messages: sentencesOf(spec.says).map((s) => template(catalog, s)),
        fix: renderText(english, spec.hint),
        module,
      });
    }
  }
  return [...rows.values()];
}

const cell = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');

/** The whole page. Deterministic: the same tables and catalog always give the same bytes. */
export async function codesMarkdown(root: string): Promise<string> {
  const rows = await codeRows(root);
  const modules = [...new Set(rows.map((r) => r.module))];
  const lines = [
    '# Finding codes',
    '',
    '<!-- Generated by `npm run docs:codes` (scripts/codes-doc.ts) from the code tables and the English',
    '     catalog. Do not edit by hand: tests/docs-codes.test.ts fails when this page is not current. -->',
    '',
    `Every finding the checker reports has one of these ${rows.length} codes. Codes are stable: reports,`,
    "CI jobs and the panel's `data-code` attribute use them. The message and fix are the English",
    "sentences (the panel shows them in the browser's language); ‹name› stands for a value the",
    'finding fills in. "Our limit" marks findings about the checker\'s own caps: they are shown but',
    'never change the verdict. "Versions" are the Poppy protocol versions a rule applies to.',
    '',
  ];
  for (const module of modules) {
    lines.push(`## \`${module}\``, '', '| Code | Severity | Message | Fix | Versions |', '| --- | --- | --- | --- | --- |');
    for (const r of rows.filter((row) => row.module === module)) {
      const severity = r.ourLimit ? `${r.severity} (our limit)` : r.severity;
      const message = r.messages.map(cell).join('<br>');
      lines.push(`| \`${r.code}\` | ${severity} | ${message} | ${cell(r.fix)} | ${r.versions} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
