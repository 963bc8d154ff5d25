import { act, cleanup, render } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';
import { Panel } from '../../components/Panel';
import type { PanelActions, PanelView } from '../../utils/extension/panel-types';
import type { SkillPreview } from '../../utils/extension/skill-preview';
import type { Report } from '../../utils/engine/report/report';
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
    // The popup offers it; the full-page report does not (a test passes `checkRemaining: undefined`).
    ...(Object.hasOwn(overrides, 'checkRemaining') && !overrides.checkRemaining
      ? {}
      : { checkRemaining: vi.fn(overrides.checkRemaining ?? (() => {})) }),
    grantAccess: vi.fn(overrides.grantAccess ?? (() => {})),
    loadSkillPreview: vi.fn(overrides.loadSkillPreview ?? (async (): Promise<SkillPreview | null> => ({ kind: 'tree', nodes: [] }))),
    copy: vi.fn(overrides.copy ?? (async () => {})),
    openLink: vi.fn(overrides.openLink ?? (() => {})),
    setSiteQuiet: vi.fn(overrides.setSiteQuiet ?? (async () => {})),
    openSettings: vi.fn(overrides.openSettings ?? (() => {})),
    // Only the popup offers the full-page report (that page shows the same view without it).
    ...(overrides.openFullReport ? { openFullReport: vi.fn(overrides.openFullReport) } : {}),
    ...(overrides.forgetSite ? { forgetSite: vi.fn(overrides.forgetSite) } : {}),
  };
  const result = render(<Panel view={view} actions={actions} now={now} t={translate} />);
  const root = result.container.querySelector<HTMLElement>('main.panel')!;
  // A re-render keeps these actions (the popup's are memoised too).
  lastActions = actions;
  return { ...result, actions, root };
}

let lastActions: PanelActions | null = null;

/** The same panel with another view, for `rerender`: what the popup does when storage changes. */
export function panelElement(view: PanelView, now: Date = NOW) {
  return <Panel view={view} actions={lastActions!} now={now} t={translate} />;
}

type ReportPanel = Extract<PanelView, { kind: 'report' }>;
type CheckingPanel = Extract<PanelView, { kind: 'checking' }>;

/** A finished report as the popup shows it (automatic checks on for the site, unless `extra` says otherwise). */
export const reportView = (report: Report, extra: Partial<ReportPanel> = {}): PanelView => ({
  kind: 'report',
  report,
  rawPoppy: null,
  quiet: false,
  ...extra,
});

/** A check running, over `previous` when there is one. */
export const checkingView = (origin: string, previous: Report | null, extra: Partial<CheckingPanel> = {}): PanelView => ({
  kind: 'checking',
  origin,
  previous,
  rawPoppy: null,
  progress: null,
  quiet: false,
  ...extra,
});

/**
 * Builds every folded body (components/Disclosure.tsx builds one the first time it opens) and
 * closes it again, so a test reads all the panel holds, as the e2e readers do.
 */
export async function buildFolded(root: ParentNode): Promise<void> {
  for (let round = 0; round < 10; round += 1) {
    const waiting = [...root.querySelectorAll<HTMLDetailsElement>('details[data-lazy="waiting"]')];
    if (waiting.length === 0) return;
    await act(() => waiting.forEach((d) => (d.open = true)));
    await act(() => waiting.forEach((d) => (d.open = false)));
  }
}
