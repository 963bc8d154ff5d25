import { useActions } from './actions';
import { useT } from './i18n';
import { FINDINGS_ID, goTo, SKILLS_ID } from './navigation';

/**
 * The panel's first line: skip links for keyboard users (visible when focused), the product's
 * name with a short "What is this?", and the way to the settings.
 */
export function TopBar(props: { skipLinks: boolean }) {
  const t = useT();
  const { openSettings } = useActions();
  const skip = (id: string) => (event: Event) => {
    if (goTo(id)) event.preventDefault();
  };
  return (
    <div class="top-bar">
      {props.skipLinks ? (
        <nav class="skip-links" aria-label={t('skipLinksLabel')}>
          <a href={`#${SKILLS_ID}`} class="skip-link" onClick={skip(SKILLS_ID)}>
            {t('skipToSkills')}
          </a>
          <a href={`#${FINDINGS_ID}`} class="skip-link" onClick={skip(FINDINGS_ID)}>
            {t('skipToFindings')}
          </a>
        </nav>
      ) : null}
      <div class="top-row">
        <details class="about">
          <summary>
            <span class="brand">{t('extName')}</span> <span class="about-link">{t('whatIsThis')}</span>
          </summary>
          <p class="note">{t('whatIsThisBody')}</p>
        </details>
        <button type="button" class="link-button" onClick={openSettings}>
          {t('settings')}
        </button>
      </div>
    </div>
  );
}
