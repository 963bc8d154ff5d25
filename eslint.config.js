// Lint rules that keep remote content inert (issue: hostile sites). CI runs them.
import tseslint from 'typescript-eslint';
import nounsanitized from 'eslint-plugin-no-unsanitized';

const htmlSinks = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Never render remote content as HTML.' },
  { selector: 'MemberExpression[property.name=/^(innerHTML|outerHTML)$/]', message: 'No HTML sinks: build elements.' },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'No HTML sinks: build elements.' },
  { selector: "CallExpression[callee.property.name='createContextualFragment']", message: 'No HTML sinks.' },
  { selector: "CallExpression[callee.object.name='document'][callee.property.name='write']", message: 'No document.write.' },
];

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
    ignores: ['utils/engine/net/fetch-bounded.ts', 'cli/node-transport.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only utils/engine/net/fetch-bounded.ts may fetch.' },
        { name: 'XMLHttpRequest', message: 'Only utils/engine/net/fetch-bounded.ts may fetch.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'fetch', message: 'Only utils/engine/net/fetch-bounded.ts may fetch.' },
        { object: 'window', property: 'fetch', message: 'Only utils/engine/net/fetch-bounded.ts may fetch.' },
        { object: 'self', property: 'fetch', message: 'Only utils/engine/net/fetch-bounded.ts may fetch.' },
      ],
    },
  },
  {
    // One module owns extension storage, so per-tab and per-origin state has one home.
    files: ['entrypoints/**', 'components/**', 'utils/**'],
    ignores: ['utils/extension/platform/storage.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...htmlSinks,
        {
          selector: "MemberExpression[object.name=/^(browser|chrome)$/][property.name='storage']",
          message: 'Use utils/extension/platform/storage.ts.',
        },
        { selector: "ImportDeclaration[source.value='wxt/utils/storage']", message: 'Use utils/extension/platform/storage.ts.' },
      ],
    },
  },
);
