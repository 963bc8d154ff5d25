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

/**
 * The language of the catalog the browser picked (its `localeCode` message), so plural forms,
 * lists and dates follow the words on screen: a UI language we ship no words for falls back to
 * English words, and must not get, say, French plural rules. English where there is no i18n to
 * ask (WXT's fakeBrowser has none until a test installs the messages).
 */
function catalogLanguage(): string {
  try {
    return browser.i18n.getMessage('localeCode') || 'en';
  } catch {
    return 'en';
  }
}

/** With the catalog's language, read when words are rendered: plural forms and lists follow it. */
export const t: Translate = Object.defineProperty(getMessage, 'locale', { get: catalogLanguage });

/** `<html lang>` and `dir` of an extension page from the catalog shown, for screen readers and hyphenation. */
export function applyPageLanguage(root: HTMLElement = document.documentElement): void {
  root.lang = catalogLanguage();
  let dir = 'ltr';
  try {
    dir = browser.i18n.getMessage('@@bidi_dir') || 'ltr';
  } catch {
    // No i18n (tests without messages): left to right, as English.
  }
  root.dir = dir;
}
