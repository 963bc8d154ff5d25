import en from '../public/_locales/en/messages.json';
import { catalogSource, renderText, type Catalog } from '../utils/engine/report/render';
import type { Words } from '../utils/engine/report/words';

/** The command line speaks English, from the extension's own catalog (bundled into the CLI). */
export const ENGLISH = catalogSource(en as Catalog, 'en');

export function english(words: Words): string {
  return renderText(ENGLISH, words);
}
