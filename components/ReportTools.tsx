import type { Report } from '../utils/engine/report/report';
import type { CheckCount } from '../utils/extension/panel-types';
import { useActions } from './actions';
import { CopyButton } from './CopyButton';
import { Disclosure } from './Disclosure';
import { DocumentsList } from './DocumentsList';
import { useMessages, useSay, useT } from './i18n';
import { PANEL_WORDS as W } from './panel-words';
import { checkedAgo } from './report-display';
import { revealInProse } from '../utils/engine/text/reveal';

/**
 * "Checked 3 minutes ago" and the re-check button. While a check runs the button stays where it
 * is and keeps the keyboard focus (a disabled button would drop it to the page): it is marked
 * aria-disabled and does nothing, and a "Checking…" line says how far the check got.
 */
export function CheckBar(props: { report: Report; now: Date; busy: boolean; progress: CheckCount | null }) {
  const t = useT();
  const { recheck } = useActions();
  return (
    <div class="check-bar-wrap">
      <p class="check-bar">
        <time dateTime={props.report.checkedAt} title={props.report.checkedAt}>
          {checkedAgo(props.report.checkedAt, props.now, t)}
        </time>
        <button
          type="button"
          class="button"
          aria-disabled={props.busy ? 'true' : undefined}
          onClick={() => {
            if (!props.busy) recheck();
          }}
        >
          {t('recheck')}
        </button>
      </p>
      {props.busy ? <CheckProgressLine progress={props.progress} /> : null}
    </div>
  );
}

/** "Checking… 2 of 3 skills checked", with a progress bar once the check knows the count. */
export function CheckProgressLine(props: { progress: CheckCount | null }) {
  const t = useT();
  const say = useSay();
  const { progress } = props;
  return (
    <div class="checking-line" data-checking>
      <p>
        <span aria-hidden="true">⟳</span>{' '}
        {progress === null ? t('checkingLine') : say(W.checkingProgress({ done: progress.done, count: progress.total }))}
      </p>
      {progress !== null ? <progress max={progress.total} value={progress.done} aria-hidden="true" /> : null}
    </div>
  );
}

/**
 * For site owners: copies of the report, what was fetched, and the raw poppy.json as text. The
 * full-page report (`page`) has its own document view and exports, so here only what was fetched.
 */
export function ReportTools(props: { report: Report; rawPoppy: string | null; page?: boolean }) {
  const t = useT();
  return (
    <>
      {props.report.documents.length > 0 ? (
        <Disclosure summary={<summary>{t('documentsHeading')}</summary>}>
          <DocumentsList documents={props.report.documents} />
        </Disclosure>
      ) : null}
      {props.rawPoppy !== null && !props.page ? (
        <Disclosure summary={<summary>{t('rawPoppy')}</summary>}>
          {/* Text content of a <pre>: the site's bytes are never parsed as HTML. */}
          <RawPoppy text={props.rawPoppy} />
        </Disclosure>
      ) : null}
      {props.page ? null : (
        <p class="copy-row">
          <ReportCopyButtons report={props.report} />
        </p>
      )}
    </>
  );
}

/** The report copied as JSON or Markdown, in the reader's language; their code loads on the first copy. */
export function ReportCopyButtons(props: { report: Report }) {
  const t = useT();
  const messages = useMessages();
  return (
    <>
      <CopyButton text={() => reportExports().then((e) => e.json(props.report, messages))} label={t('copyJson')} />
      <CopyButton text={() => reportExports().then((e) => e.markdown(props.report, messages))} label={t('copyMarkdown')} />
    </>
  );
}

/** A component, so the raw text is revealed only once its disclosure opens. */
function RawPoppy(props: { text: string }) {
  return (
    <pre class="raw" data-raw-poppy>
      {revealInProse(props.text)}
    </pre>
  );
}

/** The report's two exports, loaded on the first copy: most openings of the panel copy nothing. */
const reportExports = () => import('./report-exports');
