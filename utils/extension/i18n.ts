import type en from '../../public/_locales/en/messages.json';

/** A key of the English messages (every locale has the same keys; `public/_locales/`). */
export type MessageKey = Extract<keyof typeof en, string>;

/**
 * A localised string by key, `$1`…`$9` filled from `substitutions`. The extension's one is the
 * browser's `i18n.getMessage` (utils/extension/platform/i18n.ts); components and the badge take
 * it as an argument, so they render in tests without a browser.
 */
export type Translate = (key: MessageKey, ...substitutions: (string | number)[]) => string;
