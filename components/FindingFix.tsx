import type { Finding } from '../utils/engine/report/findings';
import { useSayMarked, useT } from './i18n';
import { goTo } from './navigation';
import { Prose } from './Prose';
import { findingId } from './report-display';

/**
 * The fix beside the problem: each finding's fix where the problem stands (a skill row, the
 * sign-in, the coverage note), and a link to the full finding under "For site owners", which
 * stays the complete list.
 */
export function FindingFix(props: { findings: readonly Finding[] }) {
  const t = useT();
  const say = useSayMarked();
  // Two findings with the same fix (the same hint and values) say it once.
  const seen = new Set<string>();
  const shown = props.findings.filter((f) => {
    const key = JSON.stringify(f.hint);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (shown.length === 0) return null;
  return (
    <ul class="plain fix-here">
      {shown.map((f) => {
        const id = findingId(f);
        return (
          <li key={id} data-fix-for={f.code}>
            <p class="hint">
              <Prose text={t('fixHint', say(f.hint))} />
            </p>
            <p class="small">
              <button type="button" class="link-button" data-finding-link={id} onClick={() => goTo(id)}>
                {t('findingDetailsLink')}
              </button>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
