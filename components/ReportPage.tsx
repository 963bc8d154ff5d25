import './panel.css';
import './report-page.css';
import type { ComponentChildren } from 'preact';
import { ActionsContext } from './actions';
import { TranslateContext, useSay, useT } from './i18n';
import { ReportBody } from './ReportBody';
import { isolatedHost, SiteCode } from './SiteText';
import { SiteField, type SiteFieldProps } from './SiteField';
import { DropZone, type DropZoneProps } from './DropZone';
import { OwnerDetails, type SavedFile } from './OwnerDetails';
import { SourceLinked } from './SourceLinked';
import type { RawText } from '../utils/engine/check/check-site';
import type { Report } from '../utils/engine/report/report';
import { DROPPED_FILES_MAX, WELL_KNOWN } from '../utils/engine/spec';
import type { RawDocument } from '../utils/extension/check-files';
import { hostOf } from '../utils/engine/text/host-of';
import type { Translate } from '../utils/extension/i18n';
import type { PanelActions, PanelView } from '../utils/extension/panel-types';

/** What the full-page report shows: nothing asked yet, the panel's view of one site, or dropped files. */
export type ReportPageView =
  | { kind: 'empty' }
  | PanelView
  | { kind: 'files-checking' }
  | { kind: 'files'; origin: string; report: Report; raw: RawDocument[]; ignored: number; leftOut: readonly string[] };

/** The texts a site's last check read besides poppy.json (the index), for the report they belong to. */
export interface SiteRawDocuments {
  /** `report.checkedAt` of that report: other reports do not show them. */
  checkedAt: string;
  documents: readonly RawText[];
}

export interface ReportPageProps {
  view: ReportPageView;
  /** For a site's report: the index texts its check kept (the background keeps a few origins'). */
  siteRaw?: SiteRawDocuments | null;
  field: SiteFieldProps;
  files: DropZoneProps;
  actions: PanelActions;
  /** The extension's version (the SARIF export names it). */
  version: string;
  onSave(file: SavedFile): void;
  now: Date;
  t: Translate;
}

/**
 * `data-verdict` on the root, as on the panel (end-to-end tests read both the same way). The
 * empty page has none: nothing was checked, and "none" would read as a settled answer.
 */
function pageVerdict(view: ReportPageView): string | undefined {
  if (view.kind === 'empty') return undefined;
  if (view.kind === 'report' || view.kind === 'files') return view.report.verdict;
  return view.kind === 'loading' || view.kind === 'checking' || view.kind === 'files-checking' ? 'checking' : 'none';
}

/**
 * The full-page report for site owners (docs/architecture.md, "Full-page report"): a field to
 * check any site by URL, and the whole report at full width. Rendering only; the entrypoint
 * turns actions into messages.
 */
export function ReportPage(props: ReportPageProps) {
  return (
    <TranslateContext.Provider value={props.t}>
      <ActionsContext.Provider value={props.actions}>
        <PageRoot {...props} />
      </ActionsContext.Provider>
    </TranslateContext.Provider>
  );
}

function PageRoot(props: ReportPageProps) {
  const t = useT();
  const { view } = props;
  const busy = view.kind === 'loading' || view.kind === 'checking' || view.kind === 'files-checking';
  return (
    <div class="panel report-page" data-verdict={pageVerdict(view)} data-view={view.kind}>
      <header class="page-header">
        <h1 class="page-title">{t('reportPageTitle')}</h1>
        <SiteField {...props.field} />
      </header>
      <DropZone {...props.files} />
      {/* Outside the busy region, so the end of a check is announced. */}
      <p class="live" aria-live="polite">
        {view.kind === 'checking'
          ? t('checking', isolatedHost(hostOf(view.origin)))
          : view.kind === 'files-checking'
            ? t('reportFilesChecking')
            : ''}
      </p>
      <main class="page-body" aria-busy={busy}>
        <Body {...props} />
      </main>
    </div>
  );
}

function Body(props: ReportPageProps): ComponentChildren {
  const t = useT();
  const say = useSay();
  const { view } = props;
  switch (view.kind) {
    case 'empty':
      return <p class="page-intro">{t('reportIntro')}</p>;
    case 'loading':
      return null;
    case 'unsupported':
      return <p class="page-intro">{say({ key: 'reportSiteUnsupported', params: [] })}</p>;
    case 'no-permission':
      return (
        <section class="state">
          <h1>{t('noPermissionTitle')}</h1>
          <p>{t('noPermissionBody')}</p>
          <button type="button" class="button primary" onClick={props.actions.grantAccess}>
            {t('grantAccess')}
          </button>
        </section>
      );
    case 'checking':
      return view.previous === null ? (
        <p class="page-intro">{t('checking', isolatedHost(hostOf(view.origin)))}</p>
      ) : (
        <ReportBody report={view.previous} rawPoppy={view.rawPoppy} now={props.now} busy progress={view.progress} quiet={null} />
      );
    case 'report':
      return (
        <PageReport
          {...props}
          report={view.report}
          rawPoppy={view.rawPoppy}
          raw={siteRawDocuments(view.report, view.rawPoppy, props.siteRaw ?? null)}
        />
      );
    case 'files-checking':
      return <p class="page-intro">{t('reportFilesChecking')}</p>;
    case 'files':
      return (
        <>
          <p class="note" data-files-origin={view.origin}>
            {t('reportFilesChecked', isolatedHost(hostOf(view.origin)))}
            {view.ignored > 0 ? ` ${t('reportFilesIgnored', view.ignored, DROPPED_FILES_MAX)}` : ''}
          </p>
          {view.leftOut.length > 0 ? (
            <ul class="note small" data-files-left-out>
              {view.leftOut.map((path) => (
                <li key={path}>
                  <SiteCode text={path} />
                </li>
              ))}
            </ul>
          ) : null}
          <PageReport {...props} report={view.report} rawPoppy={null} raw={view.raw} />
        </>
      );
  }
}

/**
 * A finished report at page width: the panel's report, then the owner's details; each finding
 * links to its line in the documents shown as text, and the exports are offered once, there.
 */
function PageReport(props: ReportPageProps & { report: Report; rawPoppy: string | null; raw: readonly RawDocument[] }) {
  const { report } = props;
  return (
    <SourceLinked findings={report.findings} raw={props.raw}>
      {(target) => (
        <>
          <ReportBody report={report} rawPoppy={props.rawPoppy} now={props.now} busy={false} progress={null} quiet={null} page />
          <OwnerDetails report={report} raw={props.raw} version={props.version} onSave={props.onSave} target={target} />
        </>
      )}
    </SourceLinked>
  );
}

/** poppy.json, then the other documents the check kept for this very report, by their paths. */
function siteRawDocuments(report: Report, rawPoppy: string | null, kept: SiteRawDocuments | null): RawDocument[] {
  // Findings name a document by its final URL; the texts are kept by the URL asked.
  const urlsOf = (requested: string) => {
    const doc = report.documents.find((d) => d.requestedUrl === requested);
    return [requested, ...(doc?.url && doc.url !== requested ? [doc.url] : [])];
  };
  const poppy = `${report.target}${WELL_KNOWN.poppy}`;
  const raw: RawDocument[] = rawPoppy === null ? [] : [{ path: WELL_KNOWN.poppy, urls: urlsOf(poppy), text: rawPoppy, cut: false }];
  if (kept === null || kept.checkedAt !== report.checkedAt) return raw;
  return [...raw, ...kept.documents.map((doc) => ({ path: pathOf(doc.url), urls: urlsOf(doc.url), text: doc.text, cut: false }))];
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};
