import { useRef, useState } from 'preact/hooks';
import type { SafeNode } from '../utils/engine/markdown/types';
import type { SkillReport } from '../utils/engine/report/report';
import { useActions } from './actions';
import { useT } from './i18n';
import { SafeMarkdown } from './SafeMarkdown';
import { SiteText } from './SiteText';

type Body = { state: 'idle' | 'loading' | 'unavailable' } | { state: 'ready'; nodes: SafeNode[] };

/** Frontmatter values are company data of any shape; long ones are cut for display. */
const VALUE_MAX_CHARS = 2000;

/**
 * A verified skill's frontmatter and text, behind a disclosure and loaded only when opened
 * (extension-security.md §9), labelled as the company's content.
 */
export function SkillBody(props: { skill: SkillReport; site: string }) {
  const t = useT();
  const { loadSkillTree } = useActions();
  const [body, setBody] = useState<Body>({ state: 'idle' });
  // A ref, not the state: two toggle events can arrive before the next render.
  const requested = useRef(false);
  const onToggle = (event: Event) => {
    if (!(event.currentTarget as HTMLDetailsElement).open || requested.current) return;
    requested.current = true;
    setBody({ state: 'loading' });
    loadSkillTree(props.skill).then(
      (nodes) => setBody(nodes === null ? { state: 'unavailable' } : { state: 'ready', nodes }),
      () => setBody({ state: 'unavailable' }),
    );
  };
  const frontmatter = Object.entries(props.skill.frontmatter ?? {});
  return (
    <details class="skill-body" onToggle={onToggle}>
      <summary>{t('showSkill')}</summary>
      <p class="note">{t('companyContent')}</p>
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
        {body.state === 'ready' ? <SafeMarkdown nodes={body.nodes} headingLevel={3} site={props.site} /> : null}
      </div>
    </details>
  );
}

function displayValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > VALUE_MAX_CHARS ? `${text.slice(0, VALUE_MAX_CHARS)}…` : text;
}
