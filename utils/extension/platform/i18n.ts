import { browser } from 'wxt/browser';
import type { Translate } from '../i18n';

/**
 * The extension's one `getMessage` wrapper. Substitutions fill `$1`…`$9` (named placeholders in
 * messages.json); a missing message shows its key, so a gap is visible instead of blank.
 */
const getMessage = (key: Parameters<Translate>[0], ...substitutions: (string | number)[]) => {
  const text = browser.i18n.getMessage(key, substitutions.map(String));
  return text === '' ? key : text;
};

/** The browser's UI language; English where there is none to ask (WXT's fakeBrowser has no i18n). */
function uiLanguage(): string {
  try {
    return browser.i18n.getUILanguage();
  } catch {
    return 'en';
  }
}

/** With the UI language, read when words are rendered: plural forms and lists follow it. */
export const t: Translate = Object.defineProperty(getMessage, 'locale', { get: uiLanguage });
