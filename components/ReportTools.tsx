import type { Report } from '../utils/engine/report/report';
import { reportToJson } from '../utils/engine/report/report-json';
import { reportToMarkdown } from '../utils/engine/report/report-markdown';
import { useActions } from './actions';
import { CopyButton } from './CopyButton';
import { DocumentsList } from './DocumentsList';
import { useMessages, useT } from './i18n';
import { checkedAgo } from './report-view';
import { escapeHiddenInJson, revealInProse } from '../utils/engine/text/reveal';

/** "Checked 3 minutes ago" and the re-check button; disabled while a check runs. */
export function CheckBar(props: { report: Report; now: Date; busy: boolean }) {
  const t = useT();
  const { recheck } = useActions();
  return (
    <p class="check-bar">
      <time dateTime={props.report.checkedAt} title={props.report.checkedAt}>
        {checkedAgo(props.report.checkedAt, props.now, t)}
      </time>
      <button type="button" class="button" onClick={recheck} disabled={props.busy}>
        {t('recheck')}
      </button>
    </p>
  );
}

/** For site owners: copies of the report, what was fetched, and the raw poppy.json as text. */
export function ReportTools(props: { report: Report; rawPoppy: string | null }) {
  const t = useT();
  const messages = useMessages();
  return (
    <footer class="tools">
      <p class="copy-row">
        <CopyButton text={() => escapeHiddenInJson(JSON.stringify(reportToJson(props.report, messages), null, 2))} label={t('copyJson')} />
        <CopyButton text={() => reportToMarkdown(props.report, messages)} label={t('copyMarkdown')} />
      </p>
      {props.report.documents.length > 0 ? (
        <details>
          <summary>{t('documentsHeading')}</summary>
          <DocumentsList documents={props.report.documents} />
        </details>
      ) : null}
      {props.rawPoppy !== null ? (
        <details>
          <summary>{t('rawPoppy')}</summary>
          {/* Text content of a <pre>: the site's bytes are never parsed as HTML. */}
          <pre class="raw" data-raw-poppy>
            {revealInProse(props.rawPoppy)}
          </pre>
        </details>
      ) : null}
    </footer>
  );
}
