import { cleanup, render } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';
import { Panel } from '../../components/Panel';
import type { PanelActions, PanelView } from '../../utils/extension/panel-types';
import type { SkillPreview } from '../../utils/extension/skill-preview';
import { translate } from './locale';

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(cleanup);

/** The panel as the popup renders it, with every action recorded and a fixed clock. */
export const NOW = new Date('2026-11-03T10:00:00Z');

export function renderPanel(view: PanelView, overrides: Partial<PanelActions> = {}, now: Date = NOW) {
  // Every action is a spy, wrapping the test's own implementation when it gives one.
  const actions = {
    recheck: vi.fn(overrides.recheck ?? (() => {})),
    checkOtherHosts: vi.fn(overrides.checkOtherHosts ?? (() => {})),
    grantAccess: vi.fn(overrides.grantAccess ?? (() => {})),
    loadSkillPreview: vi.fn(overrides.loadSkillPreview ?? (async (): Promise<SkillPreview | null> => ({ kind: 'tree', nodes: [] }))),
    copy: vi.fn(overrides.copy ?? (async () => {})),
    openLink: vi.fn(overrides.openLink ?? (() => {})),
  };
  const result = render(<Panel view={view} actions={actions} now={now} t={translate} />);
  const root = result.container.querySelector<HTMLElement>('main.panel')!;
  return { ...result, actions, root };
}
