import type { DocumentInfo } from '../utils/engine/report/report';
import { DOCUMENT_KIND_WORDS } from '../utils/engine/report/look';
import { useSay, useT } from './i18n';
import { revealHidden } from '../utils/engine/text/reveal';
import { isolated } from './SiteText';
import { Url } from './Url';

/** What was requested and what came back, for the site owner. */
export function DocumentsList(props: { documents: readonly DocumentInfo[] }) {
  const t = useT();
  const say = useSay();
  return (
    <ul class="plain documents">
      {props.documents.map((doc, i) => (
        <li key={i} data-document={doc.kind}>
          <span class="lead">{say(DOCUMENT_KIND_WORDS[doc.kind]({}))}</span>{' '}
          {doc.notProvided ? (
            // Files checked before publishing: nothing was asked, so no status and no failure.
            <span class="muted" data-not-provided>
              {t('docNotProvided')}
            </span>
          ) : (
            <span class={doc.published ? 'tone-ok' : 'muted'}>
              {doc.httpStatus === null ? t('docNoResponse') : t('docHttp', doc.httpStatus)}
              {doc.published ? ` · ${t('docPublished')}` : ` · ${t('docNotPublished')}`}
            </span>
          )}
          <br />
          <span class="small mono-url">
            <Url
              text={[
                revealHidden(doc.url ?? doc.requestedUrl),
                doc.redirected ? t('docRedirected', isolated(revealHidden(doc.requestedUrl))) : null,
                doc.contentType === null ? null : revealHidden(doc.contentType),
                doc.bytes === null ? null : t('docBytes', doc.bytes),
              ]
                .filter((part) => part !== null)
                .join(' · ')}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}
