import type { PoppyModel } from '../utils/engine/report/report';
import { useT } from './i18n';
import { SiteText } from './SiteText';
import { escapeHiddenInJson } from '../utils/engine/text/reveal';

/** Shown raw JSON is capped: it is only there so an owner can see what was not understood. */
const RAW_MAX_CHARS = 4000;

/** What agents are asked not to do here; the raw JSON when its shape was not recognised (D2). */
export function ExcludedTasks(props: { poppy: PoppyModel }) {
  const t = useT();
  const { excludedTasks, excludedTasksRaw } = props.poppy;
  const raw =
    excludedTasksRaw === null || excludedTasksRaw === undefined ? null : escapeHiddenInJson(JSON.stringify(excludedTasksRaw, null, 2));
  return (
    <section aria-labelledby="excluded-heading">
      <h2 id="excluded-heading">{t('excludedHeading')}</h2>
      {excludedTasks.length > 0 ? (
        <ul class="excluded">
          {excludedTasks.map((task, i) => (
            <li key={i} data-excluded-task>
              <span aria-hidden="true">⊘</span> <SiteText text={task} />
            </li>
          ))}
        </ul>
      ) : raw === null ? (
        <p class="muted">{t('excludedNone')}</p>
      ) : null}
      {raw !== null ? (
        <>
          <p class="tone-warning">
            <span aria-hidden="true">⚠</span> {t('excludedUnrecognised')}
          </p>
          <pre class="raw">{raw.length > RAW_MAX_CHARS ? `${raw.slice(0, RAW_MAX_CHARS)}\n…` : raw}</pre>
        </>
      ) : null}
    </section>
  );
}
