import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Translate } from '../../utils/extension/i18n';

interface LocaleMessage {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

/** The English messages, as the extension ships them. */
export const MESSAGES = JSON.parse(readFileSync(resolve(process.cwd(), 'public/_locales/en/messages.json'), 'utf8')) as Record<
  string,
  LocaleMessage
>;

/**
 * `i18n.getMessage` as browsers implement it, the tests' one copy: `$NAME$` → its placeholder's
 * content → `$n` substitution, `$$` → `$`; an unknown key gives "".
 */
export function getMessage(key: string, substitutions?: string | string[]): string {
  const entry = Object.hasOwn(MESSAGES, key) ? MESSAGES[key] : undefined;
  if (entry === undefined) return '';
  const subs = typeof substitutions === 'string' ? [substitutions] : (substitutions ?? []);
  const fill = (text: string) => text.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
  return entry.message
    .replace(/\$([A-Za-z0-9_@]+)\$/g, (_, name: string) => fill(entry.placeholders?.[name.toLowerCase()]?.content ?? ''))
    .replace(/\$\$/g, '$');
}

/** What `t` (utils/extension/platform/i18n.ts) gives in the browser, without one. */
export const translate: Translate = (key, ...substitutions) => getMessage(key, substitutions.map(String)) || key;
