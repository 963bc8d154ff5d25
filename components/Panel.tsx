import './panel.css';
import { useEffect, useRef } from 'preact/hooks';
import { ActionsContext, useActions } from './actions';
import { ChangesSection } from './ChangesSection';
import { CheckingView } from './CheckingView';
import { TranslateContext, useSay, useT } from './i18n';
import { ReportBody } from './ReportBody';
import { FINDINGS_ID, goTo, SKILLS_ID } from './navigation';
import { TopBar } from './TopBar';
import { hostOf } from '../utils/engine/text/host-of';
import type { Translate } from '../utils/extension/i18n';
import type { PanelActions, PanelView } from '../utils/extension/panel-types';
import { stateDone, stateOf, stateSummary } from '../utils/extension/state-look';
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
        <PanelRoot view={props.view} now={props.now} />
      </ActionsContext.Provider>
    </TranslateContext.Provider>
  );
}

function PanelRoot(props: { view: PanelView; now: Date }) {
  const { view } = props;
  const announcement = useAnnouncement(view);
  useFindingsKey();
  return (
    <main class="panel" data-verdict={panelVerdict(view)} data-view={view.kind}>
      <TopBar skipLinks={view.kind === 'report' || (view.kind === 'checking' && view.previous !== null)} />
      {/* Outside every aria-busy region: a busy region's changes are not announced. */}
      <p class="visually-hidden" aria-live="polite" data-announce>
        {announcement}
      </p>
      <Body view={view} now={props.now} />
    </main>
  );
}

/**
 * What the live region says: "Checking …" while a check runs, then "Done: …" with the panel's own
 * summary line once it ends. A report shown straight away (a cached one) is not announced.
 */
function useAnnouncement(view: PanelView): string {
  const t = useT();
  const say = useSay();
  const sawChecking = useRef(false);
  if (view.kind === 'loading') return t('loading');
  if (view.kind === 'checking') {
    sawChecking.current = true;
    return t('checking', isolatedHost(hostOf(view.origin)));
  }
  if (view.kind === 'report' && sawChecking.current) return say(stateDone(stateSummary(view.report, stateOf(view.report, false))));
  return '';
}

/** "F" anywhere but in a text field opens the way to the findings: one keystroke, as the skip link. */
function useFindingsKey(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'f' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      if (goTo(FINDINGS_ID) || goTo(SKILLS_ID)) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

function Body(props: { view: PanelView; now: Date }) {
  const t = useT();
  const { view } = props;
  const { grantAccess } = useActions();
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
          {view.origin === '' ? null : <p class="lead">{t('noPermissionTitle')}</p>}
          <p>{t('noPermissionBody')}</p>
          <button type="button" class="button primary" onClick={grantAccess}>
            {t('grantAccess')}
          </button>
        </section>
      );
    case 'checking':
      // The same component as a finished report, in the same place: what is open stays open and
      // the focused button keeps the focus when the result arrives (a remount would drop both).
      return view.previous === null ? (
        <CheckingView origin={view.origin} progress={view.progress} />
      ) : (
        // A fragment as below, the changes' place empty: the report keeps its place in the tree.
        <>
          {null}
          <ReportBody report={view.previous} rawPoppy={view.rawPoppy} now={props.now} busy progress={view.progress} quiet={view.quiet} />
        </>
      );
    case 'report':
      return (
        <>
          {view.changes && <ChangesSection changes={view.changes} />}
          <ReportBody report={view.report} rawPoppy={view.rawPoppy} now={props.now} busy={false} progress={null} quiet={view.quiet} />
        </>
      );
  }
}
