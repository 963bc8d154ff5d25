// The lint rules that keep remote content inert and the layers apart must actually fire: each row
// is code they must reject, linted as if it lived in the project (the rules depend on the file's path).
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

/** Every layer boundary (eslint.config.js): [folder's sample file, import it must refuse]. */
const FORBIDDEN_IMPORTS: [string, string][] = [
  ['utils/engine/check/bad.ts', 'wxt/browser'],
  ['utils/engine/net/bad.ts', 'wxt/utils/define-background'],
  ['utils/engine/report/bad.ts', 'preact'],
  ['utils/engine/report/bad.ts', 'preact/hooks'],
  ['utils/engine/skill-md/bad.ts', 'node:fs'],
  ['utils/engine/poppy/bad.ts', 'webextension-polyfill'],
  ['utils/engine/markdown/bad.ts', '../../../components/Panel'],
  ['utils/engine/check/bad.ts', '../../extension/badge'],
  ['utils/engine/check/bad.ts', 'zod'],
  ['utils/engine/check/bad.ts', 'zod/mini'],
  ['utils/engine/check/bad.ts', '../../extension/platform/storage'],
  ['utils/engine/text/bad.ts', '../../../cli/main'],
  ['utils/engine/bad.ts', '../../entrypoints/background/handlers'],
  ['utils/extension/bad.ts', 'wxt/browser'],
  ['utils/extension/bad.ts', 'webextension-polyfill'],
  ['utils/extension/bad.ts', 'preact'],
  ['utils/extension/bad.ts', 'node:path'],
  ['utils/extension/bad.ts', '../../components/Panel'],
  ['utils/extension/bad.ts', '../../cli/format-human'],
  ['utils/extension/bad.ts', '../../entrypoints/popup/Popup'],
  ['utils/extension/platform/bad.ts', 'preact'],
  ['utils/extension/platform/bad.ts', 'node:fs'],
  ['utils/extension/platform/bad.ts', '../../../components/i18n'],
  ['components/Bad.tsx', 'wxt/browser'],
  ['components/Bad.tsx', '../utils/extension/platform/storage'],
  ['components/Bad.tsx', 'node:fs'],
  ['components/Bad.tsx', '../cli/style'],
  ['components/Bad.tsx', '../entrypoints/popup/Popup'],
  ['cli/bad.ts', '../utils/extension/badge'],
  ['cli/bad.ts', '../utils/extension/platform/storage'],
  ['cli/bad.ts', '../components/report-display'],
  ['cli/bad.ts', '../entrypoints/background/handlers'],
  ['cli/bad.ts', 'wxt/browser'],
  ['cli/bad.ts', 'preact'],
];

/** What each layer may import, so the rules above are not simply "refuse everything". */
const ALLOWED_IMPORTS: [string, string][] = [
  ['utils/engine/check/ok.ts', '../net/fetch-bounded'],
  ['utils/engine/check/ok.ts', 'yaml'],
  ['utils/extension/ok.ts', '../engine/report/report'],
  ['utils/extension/ok.ts', './platform/storage'],
  ['utils/extension/ok.ts', 'zod/mini'],
  ['utils/extension/platform/ok.ts', 'wxt/browser'],
  ['utils/extension/platform/ok.ts', '../badge'],
  ['components/Ok.tsx', 'preact/hooks'],
  ['components/Ok.tsx', '../utils/extension/panel-types'],
  ['components/Ok.tsx', '../utils/engine/report/report'],
  ['cli/ok.ts', '../utils/engine/check'],
  ['cli/ok.ts', 'node:fs'],
  ['entrypoints/popup/ok.ts', 'wxt/browser'],
  ['entrypoints/popup/ok.ts', '../../utils/extension/platform/storage'],
];

describe('layer boundaries (docs/architecture.md)', () => {
  it.each(FORBIDDEN_IMPORTS)('%s may not import %s', async (filePath, source) => {
    expect(await ruleIds(`import * as m from '${source}';\nexport const x = m;`, filePath)).toContain('no-restricted-imports');
  });

  it.each(ALLOWED_IMPORTS)('%s may import %s', async (filePath, source) => {
    expect(await ruleIds(`import * as m from '${source}';\nexport const x = m;`, filePath)).toEqual([]);
  });
});
