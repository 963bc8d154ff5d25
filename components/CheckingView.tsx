import { useSay, useT } from './i18n';
import { PANEL_WORDS as W } from './panel-words';
import { hostOf } from '../utils/engine/text/host-of';
import type { CheckCount } from '../utils/extension/panel-types';
import { SiteHost } from './SiteText';

/**
 * A first check with nothing to show yet: the site, what is going on and how far it got, in the
 * panel's full frame (the popup keeps its size: no jump when the report arrives).
 */
export function CheckingView(props: { origin: string; progress: CheckCount | null }) {
  const t = useT();
  const say = useSay();
  const { progress } = props;
  return (
    <div class="report" aria-busy="true" data-state="checking">
      <header class="site">
        <h1 class="site-name">
          <SiteHost host={hostOf(props.origin)} />
        </h1>
        <p class="verdict tone-neutral">
          <span aria-hidden="true">⟳</span> {t('stateHeadlineChecking')}
        </p>
        <p class="summary" data-checking>
          {progress === null ? t('stateSummaryChecking') : say(W.skillsChecked({ done: progress.done, count: progress.total }))}
        </p>
        {progress !== null ? <progress class="check-progress" max={progress.total} value={progress.done} aria-hidden="true" /> : null}
      </header>
    </div>
  );
}
