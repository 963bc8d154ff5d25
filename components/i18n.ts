import { browser } from 'wxt/browser';

/** A key of public/_locales/en/messages.json (WXT generates the union from that file). */
export type MessageKey = Parameters<typeof browser.i18n.getMessage>[0];

/**
 * Every user-visible string goes through here. Substitutions fill `$1`…`$9` (named placeholders
 * in messages.json); a missing message shows its key, so a gap is visible instead of blank.
 */
export function t(key: MessageKey, ...substitutions: (string | number)[]): string {
  const text = browser.i18n.getMessage(key, substitutions.map(String));
  return text === '' ? key : text;
}
