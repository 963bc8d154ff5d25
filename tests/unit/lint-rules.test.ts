// The lint rules that keep remote content inert must actually fire: each row is code they must
// reject, linted as if it lived in the project (the rules depend on the file's path).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? 'parse-error');
}

describe('lint rules (issue: hostile sites)', () => {
  it.each([
    [
      'innerHTML assignment',
      'export function f(el: HTMLElement, s: string) { el.innerHTML = s; }',
      'components/Bad.tsx',
      'no-restricted-syntax',
    ],
    [
      'outerHTML assignment',
      'export function f(el: HTMLElement, s: string) { el.outerHTML = s; }',
      'components/Bad.tsx',
      'no-restricted-syntax',
    ],
    [
      'insertAdjacentHTML',
      "export function f(el: HTMLElement, s: string) { el.insertAdjacentHTML('beforeend', s); }",
      'utils/bad.ts',
      'no-restricted-syntax',
    ],
    [
      'dangerouslySetInnerHTML',
      'export const A = (p: { s: string }) => <div dangerouslySetInnerHTML={{ __html: p.s }} />;',
      'components/Bad.tsx',
      'no-restricted-syntax',
    ],
    ['eval', 'export const f = (s: string) => eval(s);', 'utils/bad.ts', 'no-eval'],
    ['new Function', "export const f = (s: string) => new Function('x', s);", 'utils/bad.ts', 'no-new-func'],
    ['fetch outside the fetch module', "export const f = () => fetch('https://x.example/');", 'utils/bad.ts', 'no-restricted-globals'],
    [
      'globalThis.fetch outside the fetch module',
      "export const f = () => globalThis.fetch('https://x.example/');",
      'entrypoints/bad.ts',
      'no-restricted-properties',
    ],
    [
      'browser.storage outside the storage module',
      "import { browser } from 'wxt/browser';\nexport const f = () => browser.storage.local.get('x');",
      'components/Bad.tsx',
      'no-restricted-syntax',
    ],
    [
      'chrome.storage outside the storage module',
      "export const f = () => chrome.storage.session.get('x');",
      'entrypoints/bad.ts',
      'no-restricted-syntax',
    ],
  ])('rejects %s', async (_name, code, filePath, rule) => {
    expect(await ruleIds(code, filePath)).toContain(rule);
  });

  it.each([
    ['fetch in the fetch module', "export const f = () => fetch('https://x.example/');", 'utils/engine/net/fetch-bounded.ts'],
    [
      'storage in the storage module',
      "import { browser } from 'wxt/browser';\nexport const f = () => browser.storage.local.get('x');",
      'utils/extension/platform/storage.ts',
    ],
    ['text content', 'export function f(el: HTMLElement, s: string) { el.textContent = s; }', 'components/Good.tsx'],
  ])('allows %s', async (_name, code, filePath) => {
    expect(await ruleIds(code, filePath)).toEqual([]);
  });
});
