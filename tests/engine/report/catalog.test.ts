// Every sentence the engine says exists in every locale, with the placeholders its code fills
// (docs/architecture.md, "Findings and words"). Browsers substitute `$1`…`$9` by position, so a
// placeholder bound to the wrong position would show the wrong value without any error.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// Each module's sentences are declared as it loads: load every reader, not only its code table.
import '../../../utils/engine/archive';
import '../../../utils/engine/check';
import '../../../utils/engine/poppy';
import '../../../utils/engine/skill-index';
import '../../../utils/engine/skill-md';
import '../../../utils/engine/trust';
import { keyPart, type FindingSpec } from '../../../utils/engine/report/findings';
import '../../../utils/engine/net/typed-site';
import '../../../utils/engine/report/index-repair';
import '../../../utils/engine/changes';
import '../../../utils/engine/report/report-markdown';
// The panel's and the badge's counted sentences are declared the same way: checked the same way.
import '../../../utils/extension/state-look';
import '../../../components/panel-words';
import '../../../components/report-display';
import type { CatalogEntry } from '../../../utils/engine/report/render';
import { COUNT, declaredSentences, type Sentence } from '../../../utils/engine/report/words';
import { CATALOG } from '../../helpers/english';
import { codeTables } from '../../../scripts/codes-doc';

// Every exported code table of the engine, found the way docs/codes.md finds them (each codes.ts
// and any module calling defineCodes), so a new table is checked without being listed here.
const TABLES = Object.fromEntries((await codeTables(process.cwd())).map(({ module, name, table }) => [`${module} ${name}`, table]));
const LOCALES = readdirSync(resolve(process.cwd(), 'public/_locales'));
const catalogOf = (locale: string) =>
  JSON.parse(readFileSync(resolve(process.cwd(), `public/_locales/${locale}/messages.json`), 'utf8')) as Record<string, CatalogEntry>;
const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The entries a sentence renders from: its key, or its plural forms when it counts. */
function entriesOf(catalog: Record<string, CatalogEntry>, key: string, names: readonly string[]): [string, CatalogEntry][] {
  const forms = PLURAL_FORMS.map((form) => `${key}_${form}`).filter((k) => Object.hasOwn(catalog, k));
  if (forms.length > 0 && names.includes(COUNT)) return forms.map((k) => [k, catalog[k]!]);
  return Object.hasOwn(catalog, key) ? [[key, catalog[key]!]] : [];
}

/** Each placeholder's name → the one position (1-based) its content substitutes. */
function positions(entry: CatalogEntry): Map<string, number> {
  return new Map(
    Object.entries(entry.placeholders ?? {}).map(([name, { content }]) => {
      const refs = [...content.matchAll(/\$([1-9])/g)];
      return [name, refs.length === 1 ? Number(refs[0]![1]) : NaN];
    }),
  );
}

function problemsOf(key: string, names: readonly string[], catalog: Record<string, CatalogEntry>): string[] {
  const entries = entriesOf(catalog, key, names);
  if (entries.length === 0) return [`${key}: missing`];
  if (names.includes(COUNT) && entries.length === 1 && entries[0]![0] !== key) return [`${key}: a counted sentence needs _one and _other`];
  const problems: string[] = [];
  for (const [entryKey, entry] of entries) {
    const used = [...entry.message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase());
    const at = positions(entry);
    for (const name of used) if (!at.has(name)) problems.push(`${entryKey}: $${name.toUpperCase()}$ has no placeholder`);
    for (const [name, position] of at) {
      const expected = names.findIndex((n) => keyPart(n) === name) + 1;
      if (expected === 0) problems.push(`${entryKey}: placeholder ${name} is not one of ${names.join(', ')}`);
      else if (position !== expected)
        problems.push(`${entryKey}: placeholder ${name} reads $${position}, the code passes it as $${expected}`);
    }
    if (names.length > 9) problems.push(`${entryKey}: more than 9 values (Chrome's limit)`);
  }
  return problems;
}

/** Every sentence a code can say: its messages (one or several) and its fixes, and its own hint. */
function sentencesOf(spec: FindingSpec & { says: unknown; fixes: Record<string, Sentence> }): Sentence[] {
  const says = spec.says as { sentence?: Sentence };
  const messages = says.sentence
    ? [says.sentence]
    : Object.values(spec.says as Record<string, { sentence: Sentence }>).map((s) => s.sentence);
  return [...messages, ...Object.values(spec.fixes)];
}

describe('the message catalog', () => {
  it.each(Object.entries(TABLES))(
    '%s: every message and fix of every code is in English with the placeholders it fills',
    (_name, table) => {
      const problems: string[] = [];
      for (const spec of Object.values(table) as (FindingSpec & { says: unknown; fixes: Record<string, Sentence> })[]) {
        for (const s of sentencesOf(spec)) problems.push(...problemsOf(s.key, s.names, CATALOG));
        const hintEntry = CATALOG[spec.hint.key];
        if (hintEntry === undefined) problems.push(`${spec.code}: no ${spec.hint.key}`);
        else if (positions(hintEntry).size !== spec.hint.params.length)
          problems.push(`${spec.hint.key}: ${spec.hint.params.length} values`);
        expect(spec.code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
      expect(problems).toEqual([]);
    },
  );

  it('has every sentence the engine declares, in every locale, with matching placeholders', () => {
    const declared = declaredSentences();
    expect(declared.size).toBeGreaterThan(300);
    for (const locale of LOCALES) {
      const catalog = catalogOf(locale);
      const problems = [...declared].flatMap(([key, names]) => problemsOf(key, names, catalog));
      expect(problems, locale).toEqual([]);
    }
  });

  it('has no engine sentence that nothing declares (snake_case keys are the engine’s)', () => {
    const declared = declaredSentences();
    const plural = new RegExp(`_(${PLURAL_FORMS.join('|')})$`);
    const orphans = Object.keys(CATALOG).filter(
      (key) => key.includes('_') && !key.startsWith('@@') && !declared.has(key) && !declared.has(key.replace(plural, '')),
    );
    expect(orphans).toEqual([]);
  });

  it('tells translators where each engine sentence shows', () => {
    const missing = [...declaredSentences().keys()]
      .filter((key) => key.includes('_'))
      .flatMap((key) =>
        entriesOf(CATALOG, key, declaredSentences().get(key)!)
          .filter(([, entry]) => !entry.description?.trim())
          .map(([k]) => k),
      );
    expect(missing).toEqual([]);
  });

  it('uses `$` only in placeholders, and nothing WXT’s type generator would mangle', () => {
    for (const locale of LOCALES) {
      for (const [key, entry] of Object.entries(catalogOf(locale))) {
        const rest = entry.message.replace(/\$[A-Za-z0-9_@]+\$/g, '');
        // Chrome drops `$x`; `$1` in a message would bypass the named placeholders.
        expect(rest, `${locale} ${key}`).not.toContain('$');
        // WXT writes messages into .wxt/types/i18n.d.ts with String.replace, where "$`", "$'",
        // "$&" and "$$" are replacement patterns: quote a placeholder in its content instead.
        expect(`${entry.message} ${entry.description ?? ''}`, `${locale} ${key}`).not.toMatch(/\$[`'&$]/);
      }
    }
  });

  it('has the same keys and placeholders in every locale', () => {
    for (const locale of LOCALES) {
      const catalog = catalogOf(locale);
      expect(Object.keys(catalog).sort(), locale).toEqual(Object.keys(CATALOG).sort());
      for (const [key, entry] of Object.entries(CATALOG)) {
        expect(Object.keys(catalog[key]?.placeholders ?? {}).sort(), `${locale} ${key}`).toEqual(
          Object.keys(entry.placeholders ?? {}).sort(),
        );
      }
    }
  });
});
