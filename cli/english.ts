import en from '../public/_locales/en/messages.json';
import { catalogSource, renderText, type Catalog } from '../utils/engine/report/render';
import type { Words } from '../utils/engine/report/words';

/** The command line speaks English, from the extension's own catalog (bundled into the CLI). */
export const ENGLISH = catalogSource(en as Catalog, 'en');

export function english(words: Words): string {
  return renderText(ENGLISH, words);
}

/** `1 digest`, `2 digests`: a count with its noun as English writes it (`plural` when not `-s`). */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
