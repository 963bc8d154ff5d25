import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { isWords, type Param, type Words } from '../utils/engine/report/words';
import type { MessageSource } from '../utils/engine/report/render';
import { isolateValues } from './SiteText';
import { sayWith, sourceOf, type Translate } from '../utils/extension/i18n';

/** The panel's strings reach every component without drilling; `<Panel t={…}>` provides them. */
export const TranslateContext = createContext<Translate | null>(null);

export function useT(): Translate {
  const t = useContext(TranslateContext);
  if (t === null) throw new Error('Panel components must render inside <Panel>');
  return t;
}

/** The panel's language as the engine's exports read it (Markdown, JSON). */
export function useMessages(): MessageSource {
  return sourceOf(useT());
}

/** The engine's words (findings, reasons, causes) in the panel's language. */
export function useSay(): (words: Words) => string {
  const say = sayWith(useT());
  // Values in the engine's words are the site's (a name, a path, a quoted value): isolated.
  return (words) => say(isolateValues(words));
}

/**
 * A backtick a site wrote, kept apart from the catalog's code marks until `<Prose>` renders the
 * sentence: a private-use character, which site text never carries raw (`isolated` spells those out).
 */
export const SITE_TICK = '\uE000';

/** Like `useSay`, for `<Prose>`: the catalog's backticks mark code, a site's backticks are `SITE_TICK`. */
export function useSayMarked(): (words: Words) => string {
  const say = sayWith(useT());
  return (words) => say(markSiteTicks(isolateValues(words)));
}

function markSiteTicks(words: Words): Words {
  return { ...words, params: words.params.map(markParam) };
}

function markParam(param: Param): Param {
  if (typeof param === 'string') return param.replaceAll('`', SITE_TICK);
  if (isWords(param)) return markSiteTicks(param);
  return { ...param, items: param.items.map(markParam) };
}
