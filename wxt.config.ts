import { createRequire } from 'node:module';
import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import type { Plugin } from 'vite';
import { GUARD_HOST_PERMISSIONS, HOST_MATCHES } from './utils/extension/host-matches';

const require = createRequire(import.meta.url);

/**
 * popup.html for the panel's speed budget (a cached verdict < 50 ms after opening; `npm run
 * bench`). Each file an extension page loads is one more trip through the browser process, the
 * slowest part of opening the panel: the stylesheet is inlined (extension pages restrict scripts,
 * not styles), and the one script gets back the `async` Vite drops, so it runs once loaded
 * instead of after the parse (main.tsx mounts on DOMContentLoaded when it comes first).
 */
const POPUP_FAST_START = 'poppy-popup-fast-start';
const popupFastStart: Plugin = {
  name: POPUP_FAST_START,
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { filename, bundle }) {
      if (!bundle || !filename.endsWith('/popup/index.html')) return html;
      const script = '<script type="module" crossorigin';
      if (!html.includes(script)) throw new Error(`${POPUP_FAST_START}: no module script in popup.html`);
      return html
        .replace(script, '<script type="module" async crossorigin')
        .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (_, file: string) => {
          const css = bundle[file];
          if (css?.type !== 'asset' || /<\/style/i.test(String(css.source))) throw new Error(`${POPUP_FAST_START}: cannot inline ${file}`);
          delete bundle[file];
          return `<style>${String(css.source)}</style>`;
        });
    },
  },
};

const icons = (prefix: string) => Object.fromEntries([16, 32, 48, 128].map((size) => [String(size), `icon/${prefix}${size}.png`]));

// Firefox-only keys stay out of the Chrome manifest: the manifest is a function of the target.
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // Every module imports what it uses: explicit imports read better than project-wide globals.
  imports: false,
  // The sources zip (AMO review) rebuilds the extension; built or generated files stay out.
  zip: { excludeSources: ['dist/**', 'tests/.artifacts/**', 'coverage/**', 'release/**', '*.tgz'] },
  vite: () => ({
    plugins: [preact(), popupFastStart],
    resolve: {
      alias: {
        // mdast's entity decoder has a "browser" build that calls document.createElement when it
        // loads: in Chrome's MV3 service worker (no DOM) that throws before any listener is
        // registered, so the worker is dead. Its plain build works everywhere.
        'decode-named-character-reference': require.resolve('decode-named-character-reference'),
      },
    },
  }),
  hooks: {
    // Scripts as anonymous IIFEs: the content script leaves no global named after its file in
    // the page's isolated world (WXT 0.21's default; 0.20 names them unless told).
    'entrypoints:resolved': (_wxt, entrypoints) => {
      for (const entry of entrypoints) if (entry.type === 'unlisted-script') entry.options.globalName = false;
    },
    // The popup is built on its own, so its script is one file: built with the options page, the
    // code both use (preact, the polyfill) is a shared chunk, a second file to load (popupFastStart).
    'entrypoints:grouped': (_wxt, groups) => {
      for (const group of groups) {
        if (!Array.isArray(group) || group.length < 2) continue;
        const popup = group.findIndex((entry) => entry.type === 'popup');
        if (popup >= 0) groups.push(group.splice(popup, 1));
      }
    },
  },
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // storage: per-origin results, the options and verified skill bodies. Host access on
    // HOST_MATCHES (D9): the content script's detection and the worker's fetches of the visited
    // origin. declarativeNetRequestWithHostAccess: session rules that stop our own requests, redirect
    // hops included, from reaching private and loopback hosts during checks of public sites (no
    // install warning; it acts only where we hold host access, hence GUARD_HOST_PERMISSIONS for
    // plain-http LAN hosts). webRequest (observing, never
    // blocking): where such a stopped request was redirected, so the panel names the refused hop.
    // activeTab (no install warning): a click on the toolbar button reveals that tab's URL, so
    // the panel names the site even where Firefox withholds host access ("Access needed for
    // shop.example"). Nothing else: no tabs (host access already reveals the URLs of pages we
    // check), no alarms (old results are swept on page visits), no scripting.
    permissions: ['storage', 'activeTab', 'declarativeNetRequestWithHostAccess', 'webRequest'],
    host_permissions: [...HOST_MATCHES, ...GUARD_HOST_PERMISSIONS],
    icons: icons(''),
    action: { default_title: '__MSG_actionTitleIdle__', default_icon: icons('idle-') },
    // document_idle, not document_start: at document_start one full e2e run left a visited
    // tab's badge empty (prerender.test.ts), probably a visit that reached the worker before the
    // browser had finished the navigation that resets the tab's badge. Idle costs 40–80 ms on a
    // tiny page (measured); a badge that is right is worth more.
    content_scripts: [{ matches: [...HOST_MATCHES], js: ['detector.js'], run_at: 'document_idle' }],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'poppy-inspector@poppy-inspector.dev',
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
