import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { PanelActions } from '../utils/extension/panel-types';

/** The panel's actions reach deep components (links inside a skill's Markdown) without drilling. */
export const ActionsContext = createContext<PanelActions | null>(null);

export function useActions(): PanelActions {
  const actions = useContext(ActionsContext);
  if (actions === null) throw new Error('Panel components must render inside <Panel>');
  return actions;
}
