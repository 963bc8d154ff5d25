import { useState } from 'preact/hooks';
import type { SiteQuiet } from '../utils/extension/panel-types';
import { useActions } from './actions';
import { useT } from './i18n';

/**
 * "Don't check this site automatically", and its undo. One button whose words change, so the
 * keyboard focus stays on it; the line above it says what the choice means and is announced.
 * Nothing to choose when automatic checks are off for every site (the settings say so).
 */
export function SiteChoice(props: { quiet: SiteQuiet }) {
  const t = useT();
  const { setSiteQuiet } = useActions();
  // Shown at once; the stored value comes back through the view.
  const [chosen, setChosen] = useState<boolean | null>(null);
  if (props.quiet === null) return null;
  const quiet = chosen ?? props.quiet;
  return (
    <section class="site-choice" aria-label={t('siteChoiceLabel')}>
      <p class="small" role="status">
        {quiet ? t('siteQuietOn') : t('siteQuietOff')}
      </p>
      <button
        type="button"
        class="button"
        data-site-quiet={String(quiet)}
        onClick={() => {
          setChosen(!quiet);
          void setSiteQuiet(!quiet);
        }}
      >
        {quiet ? t('siteQuietUndo') : t('siteQuietSet')}
      </button>
    </section>
  );
}
