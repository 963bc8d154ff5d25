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

/** A message with its `$NAME$` placeholders filled in, as browser.i18n does (names are case-insensitive). */
export function filled(key: string, values: Record<string, string | number>): string {
  const text = message(key);
  return text.replace(/\$([A-Za-z0-9_]+)\$/g, (whole, name: string) => {
    const value = Object.entries(values).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
    if (value === undefined) throw new Error(`no value for ${whole} in "${key}"`);
    return String(value);
  });
}
