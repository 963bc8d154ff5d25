import { LENS_ASK_WORDS, LENS_WORDS } from '../utils/engine/lens/words';
import type { LensAsk, LensReport } from '../utils/engine/report/report';
import { useSay } from './i18n';
import { SiteCode, SiteHost } from './SiteText';

/**
 * "What this skill asks of an agent" (D12): a few plain lines, each kind of ask expandable to
 * its exact passages (as written, hidden characters spelled out, and as an agent reads them).
 * Everything a skill names is shown as inert text: never a link, never run, never fetched.
 */
export function SkillLens(props: { lens: LensReport }) {
  const say = useSay();
  const { lens } = props;
  return (
    <section class="skill-lens" data-lens={lens.asks.length > 0 ? 'asks' : 'clear'}>
      <h4>{say(LENS_WORDS.title({}))}</h4>
      <ul class="lens-lines">
        {lens.asks.length === 0 ? <li data-lens-line="nothing">{say(LENS_WORDS.nothing({}))}</li> : null}
        {lens.asks.map((ask) => (
          <LensAskLine key={ask.kind} ask={ask} />
        ))}
        {lens.commands.length > 0 && !lens.asks.some((a) => a.kind === 'runs-commands') ? (
          <li data-lens-line="commands">
            {say(LENS_WORDS.commands({}))}: <CodeList items={lens.commands} />
          </li>
        ) : null}
        {lens.hosts.length > 0 ? (
          <li data-lens-line="hosts">
            {say(LENS_WORDS.hosts({}))}:{' '}
            {lens.hosts.map((h, i) => (
              <span key={h}>
                {i > 0 ? ', ' : ''}
                <SiteHost host={h} />
              </span>
            ))}
          </li>
        ) : null}
        {lens.notChecked ? (
          <li data-lens-line="not-checked">
            {say(LENS_WORDS.notChecked({}))}
            {lens.notChecked.reason ? ` (${say(lens.notChecked.reason)})` : ''}: <CodeList items={lens.notChecked.operations} />
          </li>
        ) : null}
        <li data-lens-line="limits">{say(lens.saysLimits ? LENS_WORDS.saysLimits({}) : LENS_WORDS.noLimits({}))}</li>
        {lens.cut ? <li data-lens-line="cut">{say(LENS_WORDS.cut({}))}</li> : null}
      </ul>
      <p class="small">{say(LENS_WORDS.note({}))}</p>
    </section>
  );
}

function LensAskLine(props: { ask: LensAsk }) {
  const say = useSay();
  const { ask } = props;
  return (
    <li class="tone-warning" data-lens-line={ask.kind}>
      <details>
        <summary>
          {say(LENS_ASK_WORDS[ask.kind]({}))} ({ask.count})
        </summary>
        <ul class="lens-passages" aria-label={say(LENS_WORDS.passages({}))}>
          {ask.passages.map((p) => (
            <li key={`${p.line}:${p.text}`}>
              {p.file !== undefined ? (
                <>
                  <SiteCode text={p.file} class="code" />{' '}
                </>
              ) : null}
              {p.line > 0 ? <span class="small">{say(LENS_WORDS.line({ line: String(p.line) }))}: </span> : null}
              <SiteCode text={p.text} class="code" />
              {p.decoded !== undefined ? (
                <>
                  {' '}
                  <span class="small">{say(LENS_WORDS.reads({}))}</span> <SiteCode text={p.decoded} class="code" />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

function CodeList(props: { items: readonly string[] }) {
  return (
    <>
      {props.items.map((item, i) => (
        <span key={item}>
          {i > 0 ? ', ' : ''}
          <SiteCode text={item} class="code" />
        </span>
      ))}
    </>
  );
}
