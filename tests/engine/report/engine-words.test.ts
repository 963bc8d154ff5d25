// The engine names sentences, it never writes them (docs/architecture.md, "Findings and words"):
// a sentence typed into utils/engine would reach users in English whatever their language.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Three words in a row: prose, not a code, a path, a media type or a regular expression. */
const SENTENCE = /[A-Za-z]{2,}[,;:]? [A-Za-z]{2,}[,;:]? [A-Za-z]{2,}/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** String and template literals that read as prose, outside `new Error(…)` (a bug report for us, not words for users). */
export function sentenceLiterals(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node, inError: boolean) => {
    const error = inError || (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text.endsWith('Error'));
    const literal =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node);
    if (literal && !error && !ts.isImportDeclaration(node.parent) && SENTENCE.test(node.text)) {
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(node.text)}`);
    }
    ts.forEachChild(node, (child) => visit(child, error));
  };
  visit(source, false);
  return found;
}

describe('words in the engine', () => {
  it('no module of utils/engine writes a sentence: findings, reasons and labels are catalog keys', () => {
    const files = sourceFiles(resolve(process.cwd(), 'utils/engine'));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => sentenceLiterals(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it.each([
    ["finding(C['x'].says({}), { document, hint: 'Quote the value, or remove the key.' })", 1],
    ['const message = `Skill ${name} could not be read: ${detail}.`;', 1],
    ["r.report(C['x'].says({ field: 'apis' }), path);", 0],
    ['throw new Error(`${key} declared twice with different placeholders`);', 0],
    ["const ACCEPT = 'application/json, */*;q=0.1';", 0],
  ])('tells a sentence from data: %s', (code, count) => {
    expect(sentenceLiterals('sample.ts', code)).toHaveLength(count);
  });
});
