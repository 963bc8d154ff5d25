import { isWords, type Param, type Words } from '../utils/engine/report/words';
import { hostText } from '../utils/engine/text/host-display';
import { revealHidden, revealInProse } from '../utils/engine/text/reveal';

/**
 * Text a site wrote (a name, a description, a scope, a label), isolated from the panel's own
 * words so a bidi override cannot run on into them, with overrides, invisible and tag characters
 * spelled out (`⟨U+202E⟩`) so it cannot read as something else either (docs/architecture.md,
 * "Site text").
 */
export function SiteText(props: { text: string; class?: string }) {
  return <bdi class={props.class}>{revealInProse(props.text)}</bdi>;
}

/** A URL, an identifier or a code a site named: every hidden character spelled out, left to right. */
export function SiteCode(props: { text: string; class?: string }) {
  return (
    <bdi dir="ltr" class={props.class}>
      {revealHidden(props.text)}
    </bdi>
  );
}

/** A host inside one of our sentences: isolated by FSI … PDI, since a sentence is one string. */
export function isolatedHost(host: string): string {
  return isolated(hostText(host));
}

/** A host on its own (a heading, a fact): see `hostText`. */
export function SiteHost(props: { host: string; class?: string }) {
  return (
    <bdi dir="ltr" class={props.class}>
      {hostText(props.host)}
    </bdi>
  );
}

/**
 * Site text inside one of our sentences (a translated string): spelled out, isolated by FSI … PDI.
 * Printable ASCII has no right-to-left letter and no control, so it cannot reorder the sentence
 * around it; it stays as it is (the sentence reads the same to a screen reader and in a copy).
 */
export function isolated(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `\u2068${revealInProse(text)}\u2069`;
}

/** A finding's words with every site value isolated (see `isolated`), at any depth. */
export function isolateValues(words: Words): Words {
  return { ...words, params: words.params.map(isolateParam) };
}

function isolateParam(param: Param): Param {
  if (typeof param === 'string') return isolated(param);
  if (isWords(param)) return isolateValues(param);
  return { ...param, items: param.items.map(isolateParam) };
}
