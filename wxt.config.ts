import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { HOST_MATCHES } from './utils/host-matches';

// Firefox-only keys stay out of the Chrome manifest: the manifest is a function of the target.
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['storage'],
    host_permissions: [...HOST_MATCHES],
    action: { default_title: '__MSG_actionTitleIdle__' },
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
