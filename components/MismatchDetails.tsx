import type { SkillReport } from '../utils/engine/report/report';
import { CopyButton } from './CopyButton';
import { useSay, useT } from './i18n';
import { MISMATCH_CAUSE_WORDS } from '../utils/engine/report/mismatch-words';
import { SiteCode } from './SiteText';

/**
 * A digest mismatch: never the content (D3), but what the bytes suggest went wrong and, one
 * click away, the two digests (the row itself says the plain consequence for an agent).
 */
export function MismatchDetails(props: { skill: SkillReport }) {
  const t = useT();
  const say = useSay();
  const { skill } = props;
  const causes = skill.mismatch ?? [];
  return (
    <div class="mismatch">
      {causes.length > 0 ? (
        <ul class="causes">
          {causes.map((cause, i) => (
            <li key={i} data-cause={cause}>
              {say(MISMATCH_CAUSE_WORDS[cause]({}))}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('mismatchNoCause')}</p>
      )}
      <details>
        <summary aria-label={t('mismatchDigestsNamed', skill.name)}>{t('mismatchDigests')}</summary>
        <dl class="digests">
          <dt>{t('expectedDigest')}</dt>
          <dd class="mono">{skill.expectedDigest === null ? t('notGiven') : <SiteCode text={skill.expectedDigest} />}</dd>
          <dt>{t('actualDigest')}</dt>
          <dd class="mono">{skill.actualDigest === null ? t('notGiven') : <SiteCode text={skill.actualDigest} />}</dd>
        </dl>
        {skill.actualDigest !== null ? <CopyButton text={skill.actualDigest} label={t('copyActualDigest')} /> : null}
      </details>
    </div>
  );
}
