import type { SkillReport } from '../utils/engine/report/report';
import { CopyButton } from './CopyButton';
import { useSay, useT } from './i18n';
import { MISMATCH_CAUSE_WORDS } from '../utils/engine/report/mismatch-words';
import { SiteCode } from './SiteText';

/**
 * A digest mismatch: never the content (D3), but the two digests, what the bytes suggest went
 * wrong, and the plain consequence for an agent.
 */
export function MismatchDetails(props: { skill: SkillReport }) {
  const t = useT();
  const say = useSay();
  const { skill } = props;
  const causes = skill.mismatch ?? [];
  return (
    <div class="mismatch">
      <p class="tone-error">
        <strong>{t('mismatchConsequence')}</strong>
      </p>
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
      <dl class="digests">
        <dt>{t('expectedDigest')}</dt>
        <dd class="mono">{skill.expectedDigest === null ? t('notGiven') : <SiteCode text={skill.expectedDigest} />}</dd>
        <dt>{t('actualDigest')}</dt>
        <dd class="mono">{skill.actualDigest === null ? t('notGiven') : <SiteCode text={skill.actualDigest} />}</dd>
      </dl>
      {skill.actualDigest !== null ? <CopyButton text={skill.actualDigest} label={t('copyActualDigest')} /> : null}
    </div>
  );
}
