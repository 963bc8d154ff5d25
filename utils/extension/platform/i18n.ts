import { browser } from 'wxt/browser';
import type { Translate } from '../i18n';

/**
 * The extension's one `getMessage` wrapper. Substitutions fill `$1`…`$9` (named placeholders in
 * messages.json); a missing message shows its key, so a gap is visible instead of blank.
 */
export const t: Translate = (key, ...substitutions) => {
  const text = browser.i18n.getMessage(key, substitutions.map(String));
  return text === '' ? key : text;
};
