// Lint rules that keep remote content inert (docs: hostile sites) and the layers apart. CI runs them;
// tests/lint-rules.test.ts proves each one fires.
import tseslint from 'typescript-eslint';
import nounsanitized from 'eslint-plugin-no-unsanitized';

const FETCH_MODULE = 'utils/engine/net/fetch-bounded.ts';
const STORAGE_MODULE = 'utils/extension/platform/storage.ts';

const htmlSinks = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Never render remote content as HTML.' },
  { selector: 'MemberExpression[property.name=/^(innerHTML|outerHTML)$/]', message: 'No HTML sinks: build elements.' },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'No HTML sinks: build elements.' },
  { selector: "CallExpression[callee.property.name='createContextualFragment']", message: 'No HTML sinks.' },
  { selector: "CallExpression[callee.object.name='document'][callee.property.name='write']", message: 'No document.write.' },
];

/**
 * What each layer may not import (docs: architecture). Import sources are matched as written, so a
 * relative `../../extension/x` is caught by its folder name: no other folder in the tree has these names.
 */
const FORBIDDEN = {
  wxt: { regex: '^wxt($|/)', message: 'WXT belongs to entrypoints/ and utils/extension/platform/.' },
  wxtBrowser: {
    regex: '^(wxt/browser|webextension-polyfill|@wxt-dev/webextension-polyfill)$',
    message: 'Only utils/extension/platform/ touches the browser API.',
  },
  polyfill: {
    regex: '^(webextension-polyfill|@wxt-dev/webextension-polyfill)$',
    message: 'Only utils/extension/platform/ touches the browser API.',
  },
  preact: { regex: '^(preact|@preact/)', message: 'Preact belongs to components/ and entrypoints/.' },
  node: { regex: '^node:', message: 'node:* belongs to cli/ (the engine runs in browsers too).' },
  components: { regex: '(^|/)components(/|$)', message: 'Only entrypoints/ render components.' },
  extension: { regex: '(^|/)extension(/|$)', message: 'The engine and the command line know nothing of the extension.' },
  platform: {
    regex: '(^|/)platform(/|$)',
    message: 'Components get browser data and actions through props or context, never from platform/.',
  },
  cli: { regex: '(^|/)cli(/|$)', message: 'Nothing imports the command line.' },
  entrypoints: { regex: '(^|/)entrypoints(/|$)', message: 'Entrypoints only wire; nothing imports them.' },
  zod: {
    regex: '^zod($|/)',
    message: "The engine reads site JSON with plain bounded checks (json/reader.ts); zod/mini is the extension's.",
  },
};
const onlyFrom = (...keys) => ({ 'no-restricted-imports': ['error', { patterns: keys.map((k) => FORBIDDEN[k]) }] });

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', 'dist/**', 'node_modules/**', 'tests/.artifacts/**'] },
  ...tseslint.configs.recommended,
  nounsanitized.configs.recommended,
  {
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-syntax': ['error', ...htmlSinks],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One module talks to the network (D5); everything else goes through it.
    files: ['entrypoints/**', 'components/**', 'utils/**', 'cli/**'],
    ignores: [FETCH_MODULE, 'cli/http/transport.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: `Only ${FETCH_MODULE} may fetch.` },
        { name: 'XMLHttpRequest', message: `Only ${FETCH_MODULE} may fetch.` },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'fetch', message: `Only ${FETCH_MODULE} may fetch.` },
        { object: 'window', property: 'fetch', message: `Only ${FETCH_MODULE} may fetch.` },
        { object: 'self', property: 'fetch', message: `Only ${FETCH_MODULE} may fetch.` },
      ],
    },
  },
  {
    // One module owns extension storage, so per-tab and per-origin state has one home.
    files: ['entrypoints/**', 'components/**', 'utils/**'],
    ignores: [STORAGE_MODULE],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...htmlSinks,
        { selector: "MemberExpression[object.name=/^(browser|chrome)$/][property.name='storage']", message: `Use ${STORAGE_MODULE}.` },
        { selector: "ImportDeclaration[source.value='wxt/utils/storage']", message: `Use ${STORAGE_MODULE}.` },
      ],
    },
  },
  // The layers (docs: architecture). The engine runs the same in the extension, the CLI and tests.
  {
    files: ['utils/engine/**'],
    rules: onlyFrom('wxt', 'preact', 'node', 'polyfill', 'components', 'extension', 'cli', 'entrypoints', 'zod'),
  },
  // Extension logic is pure: the browser is reached only through platform/ adapters.
  {
    files: ['utils/extension/**'],
    ignores: ['utils/extension/platform/**'],
    rules: onlyFrom('wxtBrowser', 'wxt', 'preact', 'node', 'components', 'cli', 'entrypoints'),
  },
  { files: ['utils/extension/platform/**'], rules: onlyFrom('preact', 'node', 'components', 'cli', 'entrypoints') },
  // Components take props and render.
  { files: ['components/**'], rules: onlyFrom('wxtBrowser', 'wxt', 'platform', 'node', 'cli', 'entrypoints') },
  // The command line is the engine's Node adapter.
  { files: ['cli/**'], rules: onlyFrom('extension', 'components', 'entrypoints', 'wxt', 'preact', 'polyfill') },
);
