import { useActions } from './actions';
import { useSay, useSayMarked, useT } from './i18n';
import { Prose } from './Prose';
import { SiteCode } from './SiteText';
import { CHANGED_SINCE, changeWords, type Change } from '../utils/engine/changes';
import type { SiteChanges } from '../utils/extension/panel-types';

/**
 * "Changed since <date>" on the panel's first screen (D13): the issuer change first and loud,
 * then each change; a rewritten skill's line diff behind a disclosure; "Forget this site".
 */
export function ChangesSection({ changes }: { changes: SiteChanges }) {
  const say = useSay();
  // Site values (names, URLs, issuers) isolated and revealed, as a finding's message is.
  const sayMarked = useSayMarked();
  const t = useT();
  const actions = useActions();
  const date = new Date(changes.since);
  const when = Number.isNaN(date.getTime()) ? changes.since : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section class="changes" data-changes aria-labelledby="changes-heading">
      <h2 id="changes-heading">{say(CHANGED_SINCE({ date: when }))}</h2>
      <ul>
        {changes.list.map((c, i) => (
          <li key={i} data-change-kind={c.kind} class={'loud' in c ? 'loud' : undefined} role={'loud' in c ? 'alert' : undefined}>
            <Prose text={sayMarked(changeWords(c))} />
            {c.kind === 'skill-changed' && c.diff && <Diff change={c} summary={t('changesShowDiff')} />}
          </li>
        ))}
      </ul>
      {actions.forgetSite && (
        <button type="button" data-forget-site onClick={() => actions.forgetSite?.()}>
          {t('changesForgetSite')}
        </button>
      )}
    </section>
  );
}

function Diff({ change, summary }: { change: Extract<Change, { kind: 'skill-changed' }>; summary: string }) {
  const diff = change.diff!;
  return (
    <details data-diff>
      <summary>{summary}</summary>
      <pre>
        {diff.lines.map((l, i) => (
          <div key={i} class={l.op === '+' ? 'added' : l.op === '-' ? 'removed' : undefined}>
            {l.op} <SiteCode text={l.text} />
          </div>
        ))}
        {diff.omitted > 0 && <div>… {diff.omitted}</div>}
      </pre>
    </details>
  );
}
