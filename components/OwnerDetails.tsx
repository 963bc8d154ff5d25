import type { Report } from '../utils/engine/report/report';
import { reportToJson } from '../utils/engine/report/report-json';
import { reportToMarkdown } from '../utils/engine/report/report-markdown';
import { reportToSarif } from '../utils/engine/report/report-sarif';
import { SKILL_STATUS_LOOK, skillStateWords } from '../utils/engine/report/look';
import { escapeHiddenInJson, revealHidden } from '../utils/engine/text/reveal';
import { RAW_LINES_MAX } from '../utils/engine/spec';
import type { RawDocument } from '../utils/extension/check-files';
import { useMessages, useSay, useT } from './i18n';
import { SiteCode, SiteText } from './SiteText';
import { TrustSection } from './TrustSection';
import { ReportCopyButtons } from './ReportTools';
import { sourceId, sourceLineId, type SourceTarget } from './SourceLinks';
import { useEffect } from 'preact/hooks';

/** A file the page offers to save; the entrypoint writes it (components never touch downloads). */
export interface SavedFile {
  name: string;
  type: string;
  text: string;
}

export interface OwnerDetailsProps {
  report: Report;
  /** The documents as text: poppy.json as served, or each dropped file. */
  raw: readonly RawDocument[];
  /** The extension's version, for the SARIF log's tool. */
  version: string;
  onSave(file: SavedFile): void;
  /** The place a finding's link asked for in the document view. */
  target?: SourceTarget | null;
}

/**
 * What a site owner needs beside the report at full width: the sign-in trust chain, each skill's
 * digests (published and served), the documents as text with line numbers, and exports.
 */
export function OwnerDetails(props: OwnerDetailsProps) {
  const { report } = props;
  return (
    <div class="owner-details">
      {report.trust !== undefined ? <TrustSection trust={report.trust} site={report.target} /> : null}
      {report.skills.length > 0 ? <DigestTable report={report} /> : null}
      {props.raw.length > 0 ? <RawDocuments raw={props.raw} target={props.target ?? null} /> : null}
      <Exports report={report} version={props.version} onSave={props.onSave} />
    </div>
  );
}

function DigestTable(props: { report: Report }) {
  const t = useT();
  const say = useSay();
  const none = <span class="muted">{t('reportDigestNone')}</span>;
  return (
    <section aria-labelledby="digests-heading">
      <h2 id="digests-heading">{t('reportDigestsHeading')}</h2>
      <div class="table-scroll">
        <table class="digests">
          <thead>
            <tr>
              <th scope="col">{t('reportDigestSkill')}</th>
              <th scope="col">{t('reportDigestStatus')}</th>
              <th scope="col">{t('reportDigestPublished')}</th>
              <th scope="col">{t('reportDigestServed')}</th>
            </tr>
          </thead>
          <tbody>
            {props.report.skills.map((skill, i) => {
              const look = SKILL_STATUS_LOOK[skill.status];
              return (
                <tr key={i} data-digest-row={skill.name}>
                  <th scope="row">
                    <SiteText text={skill.name} />
                    {skill.url !== null ? (
                      <span class="small mono block">
                        <SiteCode text={skill.url} />
                      </span>
                    ) : null}
                  </th>
                  <td class={`tone-${look.tone}`}>
                    <span aria-hidden="true">{look.symbol}</span> {say(skillStateWords(skill))}
                  </td>
                  <td class="mono small" data-digest="published">
                    {skill.expectedDigest !== null ? <SiteCode text={skill.expectedDigest} /> : none}
                  </td>
                  <td class="mono small" data-digest="served">
                    {skill.actualDigest !== null ? <SiteCode text={skill.actualDigest} /> : none}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The documents as numbered lines of text, the document view a finding's link leads to
 * (SourceLinks.tsx): following one opens its document, scrolls to the line, marks and focuses it.
 */
function RawDocuments(props: { raw: readonly RawDocument[]; target: SourceTarget | null }) {
  const t = useT();
  const { target } = props;
  useEffect(() => {
    if (target === null) return;
    const details = document.getElementById(sourceId(target.doc));
    if (!(details instanceof HTMLDetailsElement)) return;
    details.open = true;
    const line = target.line === null ? null : document.getElementById(sourceLineId(target.doc, target.line));
    const shown = line ?? details.querySelector('summary');
    shown?.scrollIntoView({ block: 'center' });
    shown?.focus({ preventScroll: true });
  }, [target]);
  return (
    <section aria-labelledby="raw-heading">
      <h2 id="raw-heading">{t('reportRawHeading')}</h2>
      {props.raw.map((doc, i) => {
        const lines = doc.text.split(/\r\n|\r|\n/);
        const shown = lines.slice(0, RAW_LINES_MAX);
        const marked = target?.doc === i ? target.line : null;
        return (
          <details key={i} id={sourceId(i)} class="raw-document" data-raw-document={doc.path}>
            <summary>
              <SiteCode text={doc.path} />
            </summary>
            {/* Each line as text in a numbered list: never parsed as HTML, isolated left to right.
                It scrolls on its own, so it takes the focus: the keyboard scrolls it too. */}
            <ol class="raw-lines" dir="ltr" tabIndex={0} aria-label={revealHidden(doc.path)}>
              {shown.map((line, n) =>
                n + 1 === marked ? (
                  <li key={n} id={sourceLineId(i, n + 1)} class="marked" tabIndex={-1} data-marked-line>
                    <SiteCode text={line} />
                  </li>
                ) : (
                  <li key={n} id={sourceLineId(i, n + 1)}>
                    <SiteCode text={line} />
                  </li>
                ),
              )}
            </ol>
            {lines.length > shown.length ? <p class="small muted">{t('reportRawLinesCut', RAW_LINES_MAX)}</p> : null}
            {doc.cut ? <p class="small muted">{t('reportRawBytesCut')}</p> : null}
          </details>
        );
      })}
    </section>
  );
}

function Exports(props: { report: Report; version: string; onSave(file: SavedFile): void }) {
  const t = useT();
  const messages = useMessages();
  const { report } = props;
  const base = `poppy-report-${new URL(report.target).host.replace(/[^a-z0-9.-]/gi, '_')}`;
  const json = (value: unknown) => escapeHiddenInJson(JSON.stringify(value, null, 2));
  return (
    <section aria-labelledby="export-heading">
      <h2 id="export-heading">{t('reportExportHeading')}</h2>
      <p class="copy-row">
        <button
          type="button"
          class="button"
          onClick={() => props.onSave({ name: `${base}.json`, type: 'application/json', text: json(reportToJson(report, messages)) })}
        >
          {t('reportDownloadJson')}
        </button>
        <button
          type="button"
          class="button"
          onClick={() => props.onSave({ name: `${base}.md`, type: 'text/markdown', text: reportToMarkdown(report, messages) })}
        >
          {t('reportDownloadMarkdown')}
        </button>
        <button
          type="button"
          class="button"
          onClick={() =>
            props.onSave({
              name: `${base}.sarif`,
              type: 'application/sarif+json',
              text: json(reportToSarif(report, messages, { toolVersion: props.version })),
            })
          }
        >
          {t('reportDownloadSarif')}
        </button>
        <ReportCopyButtons report={report} />
      </p>
    </section>
  );
}
