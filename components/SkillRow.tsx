import type { Finding } from '../utils/engine/report/findings';
import { SKILL_SOURCE_WORDS, SKILL_STATUS_LOOK } from '../utils/engine/report/look';
import type { SkillReport } from '../utils/engine/report/report';
import { ArchiveFiles } from './ArchiveFiles';
import { Disclosure } from './Disclosure';
import { FindingFix } from './FindingFix';
import { useSay, useSayMarked, useT } from './i18n';
import { Prose } from './Prose';
import { MismatchDetails } from './MismatchDetails';
import { skillHost, skillLabel, skillTone } from './report-display';
import { SkillBody } from './SkillBody';
import { SkillLens } from './SkillLens';
import { isolatedHost, SiteText } from './SiteText';

/**
 * One index entry: its name and status on one line (symbol, words, and the colour of its worst
 * finding); a problem's reason and consequence right under it; the rest (what it is for, where
 * it lives, the skill itself) below, or folded into "More" in the compact list of a big site.
 */
export function SkillRow(props: {
  skill: SkillReport;
  target: string;
  findings: readonly Finding[];
  fixes: readonly Finding[];
  compact: boolean;
}) {
  const t = useT();
  const say = useSay();
  const sayMarked = useSayMarked();
  const { skill } = props;
  const tone = skillTone(skill, props.findings);
  const details = <SkillDetails skill={skill} target={props.target} />;
  return (
    <li
      class={`skill tone-border-${tone}${props.compact ? ' compact' : ''}`}
      data-skill={skill.name}
      data-status={skill.status}
      data-not-checked={skill.notChecked}
    >
      <div class="skill-head">
        {/* A verified file's own title, in a person's words, above its machine name. */}
        {skill.status === 'verified' && skill.title !== undefined ? (
          <h3 class="skill-name" data-skill-title>
            <SiteText text={skill.title} />
            <span class="machine-name">
              <SiteText text={skill.name} />
            </span>
          </h3>
        ) : (
          <h3 class="skill-name">
            <SiteText text={skill.name} />
          </h3>
        )}
        <p class={`status tone-${tone}`}>
          <span aria-hidden="true">{SKILL_STATUS_LOOK[skill.status].symbol}</span> {say(skillLabel(skill))}
        </p>
      </div>
      {skill.reason !== undefined && skill.status !== 'verified' ? (
        <p class="reason">
          <Prose text={sayMarked(skill.reason)} />
        </p>
      ) : null}
      {skill.status === 'mismatch' ? (
        <p class="tone-error consequence">
          <strong>{t('mismatchConsequence')}</strong>
        </p>
      ) : null}
      <FindingFix findings={props.fixes} />
      {props.compact ? (
        <Disclosure class="skill-more" summary={<summary aria-label={t('skillMoreNamed', skill.name)}>{t('skillMore')}</summary>}>
          {details}
        </Disclosure>
      ) : (
        details
      )}
    </li>
  );
}

/** What the skill is for (the company's words), where it lives, and its content or digests. */
function SkillDetails(props: { skill: SkillReport; target: string }) {
  const t = useT();
  const say = useSay();
  const { skill } = props;
  const where = skillHost(skill, props.target);
  return (
    <>
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
      {skill.status === 'mismatch' ? <MismatchDetails skill={skill} /> : null}
      {skill.status === 'verified' && skill.lens ? <SkillLens lens={skill.lens} /> : null}
      {skill.status === 'verified' && skill.archive ? <ArchiveFiles archive={skill.archive} /> : null}
      {skill.status === 'verified' && (skill.type === 'skill-md' || skill.archive?.skillMdDigest) ? (
        <SkillBody skill={skill} site={props.target} />
      ) : null}
    </>
  );
}
