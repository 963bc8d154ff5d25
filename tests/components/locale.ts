import type { Translate } from '../../utils/extension/i18n';
import { CATALOG, ENGLISH } from '../helpers/english';

/** The English messages, as the extension ships them. */
export const MESSAGES = CATALOG;

/**
 * `i18n.getMessage` as browsers implement it, with the engine's one substitution function
 * (utils/engine/report/render.ts): an unknown key gives "".
 */
export function getMessage(key: string, substitutions?: string | string[]): string {
  return ENGLISH.message(key, typeof substitutions === 'string' ? [substitutions] : (substitutions ?? []));
}

/** What `t` (utils/extension/platform/i18n.ts) gives in the browser, without one. */
export const translate: Translate = Object.assign(
  (key: Parameters<Translate>[0], ...substitutions: (string | number)[]) => getMessage(key, substitutions.map(String)) || key,
  { locale: 'en' },
);
