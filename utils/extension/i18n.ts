import type en from '../../public/_locales/en/messages.json';
import { renderText, type MessageSource } from '../engine/report/render';
import type { Words } from '../engine/report/words';

/** A key of the English messages (every locale has the same keys; `public/_locales/`). */
export type MessageKey = Extract<keyof typeof en, string>;

/**
 * A localised string by key, `$1`…`$9` filled from `substitutions`. The extension's one is the
 * browser's `i18n.getMessage` (utils/extension/platform/i18n.ts); components and the badge take
 * it as an argument, so they render in tests without a browser. `locale` (the UI language)
 * picks plural forms and list words when engine words are rendered with it.
 */
export type Translate = ((key: MessageKey, ...substitutions: (string | number)[]) => string) & { readonly locale?: string };

/** A `Translate` as the engine's renderers read a catalog (a missing key is `''` there, not the key). */
export function sourceOf(t: Translate): MessageSource {
  return {
    locale: t.locale ?? 'en',
    message: (key, substitutions) => {
      const text = t(key as MessageKey, ...substitutions);
      return text === key ? '' : text;
    },
  };
}

/** The engine's words (findings, reasons: docs/architecture.md, "Findings and words") through a `Translate`. */
export function sayWith(t: Translate): (words: Words) => string {
  const source = sourceOf(t);
  return (words) => renderText(source, words);
}
