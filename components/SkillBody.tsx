import { useRef, useState } from 'preact/hooks';
import type { SkillReport } from '../utils/engine/report/report';
import { useActions } from './actions';
import { useT } from './i18n';
import { SafeMarkdown } from './SafeMarkdown';
import { SiteText } from './SiteText';
import type { SkillPreview } from '../utils/extension/skill-preview';
import { revealInProse } from '../utils/engine/text/reveal';

type Body = { state: 'idle' | 'loading' | 'unavailable' } | { state: 'ready'; preview: SkillPreview };

/** Frontmatter values are company data of any shape; long ones are cut for display. */
const VALUE_MAX_CHARS = 2000;

/**
 * A verified skill's frontmatter and text (an archive's: its root SKILL.md), behind a disclosure
 * and loaded only when opened (extension-security.md §9), labelled as the company's content.
 */
export function SkillBody(props: { skill: SkillReport; site: string }) {
  const t = useT();
  const { loadSkillPreview } = useActions();
  const [body, setBody] = useState<Body>({ state: 'idle' });
  // A ref, not the state: two toggle events can arrive before the next render.
  const requested = useRef(false);
  const onToggle = (event: Event) => {
    if (!(event.currentTarget as HTMLDetailsElement).open || requested.current) return;
    requested.current = true;
    setBody({ state: 'loading' });
    loadSkillPreview(props.skill).then(
      (preview) => setBody(preview === null ? { state: 'unavailable' } : { state: 'ready', preview }),
      () => setBody({ state: 'unavailable' }),
    );
  };
  const frontmatter = Object.entries(props.skill.frontmatter ?? {});
  return (
    <details class="skill-body" onToggle={onToggle}>
      <summary aria-label={t('showSkillNamed', props.skill.name)}>{t('showSkill')}</summary>
      <p class="note">{t('companyContent')}</p>
      {props.skill.type === 'archive' ? <p class="note">{t('archiveLinksStayText')}</p> : null}
      {frontmatter.length > 0 ? (
        <dl class="frontmatter">
          {frontmatter.map(([key, value], i) => (
            <div key={i}>
              <dt>
                <SiteText text={key} />
              </dt>
              <dd>
                <SiteText text={displayValue(value)} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div aria-live="polite" aria-busy={body.state === 'loading'}>
        {body.state === 'loading' ? <p class="muted">{t('loadingSkill')}</p> : null}
        {body.state === 'unavailable' ? <p class="muted">{t('skillUnavailable')}</p> : null}
        {body.state === 'ready' ? <Preview preview={body.preview} site={props.site} /> : null}
      </div>
    </details>
  );
}

function displayValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > VALUE_MAX_CHARS ? `${text.slice(0, VALUE_MAX_CHARS)}…` : text;
}

/** The tree when it was built in time; else the text as it is, said to be so (utils/extension/skill-preview.ts). */
function Preview(props: { preview: SkillPreview; site: string }) {
  const t = useT();
  const { preview } = props;
  if (preview.kind === 'tree') return <SafeMarkdown nodes={preview.nodes} headingLevel={3} site={props.site} />;
  return (
    <div class="skill-text" data-preview="text">
      <p class="muted">{t('skillTooComplex')}</p>
      {/* Text content of a <pre>: the site's bytes are never parsed, as Markdown or as HTML. */}
      {/* Focusable: the box scrolls, and a keyboard must be able to scroll it. */}
      <pre class="raw" tabIndex={0}>
        {revealInProse(preview.text)}
      </pre>
      {preview.cut ? <p class="muted">{t('skillTextCut')}</p> : null}
    </div>
  );
}
