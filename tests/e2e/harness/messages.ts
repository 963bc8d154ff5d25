/**
 * The panel's English strings, read from the extension's own locale file, so a test that
 * clicks "Check again" follows a wording change instead of breaking on it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MESSAGES = fileURLToPath(new URL('../../../public/_locales/en/messages.json', import.meta.url));

export function message(key: string): string {
  const messages = new Map(Object.entries(JSON.parse(readFileSync(MESSAGES, 'utf8')) as Record<string, { message?: string }>));
  const text = messages.get(key)?.message;
  if (!text) throw new Error(`no message "${key}" in ${MESSAGES}`);
  return text;
}
