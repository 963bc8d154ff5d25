import type { SkillReport } from '../utils/engine/report/report';
import { SKILL_SOURCE_WORDS, SKILL_STATUS_LOOK, skillStatusWords } from '../utils/engine/report/look';
import { useSay, useT } from './i18n';
import { MismatchDetails } from './MismatchDetails';
import { skillHost } from './report-view';
import { SkillBody } from './SkillBody';
import { isolatedHost, SiteText } from './SiteText';

/** One index entry: name, status in words and symbol, what it is for and where it lives. */
export function SkillRow(props: { skill: SkillReport; target: string }) {
  const t = useT();
  const say = useSay();
  const { skill } = props;
  const status = SKILL_STATUS_LOOK[skill.status];
  const where = skillHost(skill, props.target);
  return (
    <li class={`skill tone-border-${status.tone}`} data-skill={skill.name} data-status={skill.status}>
      <h3 class="skill-name">
        <SiteText text={skill.name} />
      </h3>
      <p class={`status tone-${status.tone}`}>
        <span aria-hidden="true">{status.symbol}</span> {say(skillStatusWords(skill.status))}
      </p>
      {skill.description !== null ? (
        <p class="company-text">
          <SiteText text={skill.description} />
        </p>
      ) : null}
      <p class="small">
        {where.host === null ? t('hostUnknown') : where.sameSite ? t('hostedHere') : t('hostedOn', isolatedHost(where.host))}
        {' · '}
        {say(SKILL_SOURCE_WORDS[skill.source]({}))}
      </p>
      {skill.reason !== undefined && skill.status !== 'verified' ? <p>{say(skill.reason)}</p> : null}
      {skill.status === 'mismatch' ? <MismatchDetails skill={skill} /> : null}
      {skill.status === 'verified' && skill.type === 'skill-md' ? <SkillBody skill={skill} site={props.target} /> : null}
    </li>
  );
}
