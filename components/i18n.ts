import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Translate } from '../utils/extension/i18n';

/** The panel's strings reach every component without drilling; `<Panel t={…}>` provides them. */
export const TranslateContext = createContext<Translate | null>(null);

export function useT(): Translate {
  const t = useContext(TranslateContext);
  if (t === null) throw new Error('Panel components must render inside <Panel>');
  return t;
}
