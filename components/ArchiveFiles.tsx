import type { ArchiveReport } from '../utils/engine/report/report';
import { ARCHIVE_VIEW_WORDS, archiveSummary, entryDetail, moreFiles, RUNS_SYMBOL, runsWords } from '../utils/engine/report/archive-view';
import { useSay, useT } from './i18n';
import { SiteCode } from './SiteText';

/** A verified archive's entries (name, size), as the report keeps them, behind a disclosure. */
export function ArchiveFiles(props: { archive: ArchiveReport }) {
  const t = useT();
  const say = useSay();
  const { archive } = props;
  const more = moreFiles(archive, archive.files.length);
  return (
    <details class="archive-files">
      <summary>{t('archiveFiles')}</summary>
      <p class="small">{say(archiveSummary(archive))}</p>
      <ul aria-label={t('archiveFilesLabel')}>
        {archive.files.map((file, i) => {
          const detail = entryDetail(file);
          const runs = runsWords(file);
          return (
            <li key={i} data-type={file.type} data-runs={file.runs}>
              <code class="company-text">
                <SiteCode text={file.path} />
              </code>
              {detail === null ? null : <span class="muted"> · {typeof detail === 'string' ? detail : say(detail)}</span>}
              {runs === null ? null : (
                <span class="runs">
                  {' · '}
                  <span aria-hidden="true">{RUNS_SYMBOL}</span> {say(runs)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {more ? <p class="muted">{say(more)}</p> : null}
      {archive.partial ? <p class="note">{say(ARCHIVE_VIEW_WORDS.partial({}))}</p> : null}
    </details>
  );
}
