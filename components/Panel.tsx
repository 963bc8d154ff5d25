import './panel.css';
import { ActionsContext } from './actions';
import { TranslateContext, useT } from './i18n';
import { ReportView } from './ReportView';
import type { Translate } from '../utils/extension/i18n';
import type { PanelActions, PanelView } from '../utils/extension/panel-types';
import { hostOf } from '../utils/engine/text/host-of';
import { isolatedHost, SiteCode, SiteHost } from './SiteText';

/** `data-verdict` on the root, for end-to-end tests and styling. */
function panelVerdict(view: PanelView): string {
  switch (view.kind) {
    case 'report':
      return view.report.verdict;
    case 'loading':
    case 'checking':
      return 'checking';
    default:
      return 'none';
  }
}

/**
 * The "For agents" panel: what the visited site tells personal agents, and whether its skills
 * are the files it published. Rendering only; every effect goes through `actions`.
 */
export function Panel(props: { view: PanelView; actions: PanelActions; now: Date; t: Translate }) {
  return (
    <TranslateContext.Provider value={props.t}>
      <ActionsContext.Provider value={props.actions}>
        <PanelRoot view={props.view} actions={props.actions} now={props.now} />
      </ActionsContext.Provider>
    </TranslateContext.Provider>
  );
}

function PanelRoot(props: { view: PanelView; actions: PanelActions; now: Date }) {
  const t = useT();
  const { view } = props;
  const busy = view.kind === 'loading' || view.kind === 'checking';
  return (
    <main class="panel" data-verdict={panelVerdict(view)} data-view={view.kind} aria-busy={busy}>
      <p class="live" aria-live="polite">
        {view.kind === 'loading' ? t('loading') : view.kind === 'checking' ? t('checking', isolatedHost(hostOf(view.origin))) : ''}
      </p>
      <Body view={view} actions={props.actions} now={props.now} />
    </main>
  );
}

function Body(props: { view: PanelView; actions: PanelActions; now: Date }) {
  const t = useT();
  const { view } = props;
  switch (view.kind) {
    case 'loading':
      return null;
    case 'unsupported':
      return (
        <section class="state">
          <h1>{t('unsupportedTitle')}</h1>
          <p>{t('unsupportedBody')}</p>
          {view.url !== null ? (
            <p class="small mono">
              <SiteCode text={view.url} />
            </p>
          ) : null}
        </section>
      );
    case 'no-permission':
      return (
        <section class="state">
          <h1>{view.origin === '' ? t('noPermissionTitle') : <SiteHost host={hostOf(view.origin)} />}</h1>
          <p>{t('noPermissionBody')}</p>
          <button type="button" class="button primary" onClick={props.actions.grantAccess}>
            {t('grantAccess')}
          </button>
        </section>
      );
    case 'checking':
      return view.previous === null ? null : (
        <div class="previous">
          <ReportView report={view.previous} rawPoppy={null} now={props.now} busy />
        </div>
      );
    case 'report':
      return <ReportView report={view.report} rawPoppy={view.rawPoppy} now={props.now} busy={false} />;
  }
}
