import type { ComponentChildren, DetailsHTMLAttributes } from 'preact';
import { useState } from 'preact/hooks';

type DisclosureProps = Omit<DetailsHTMLAttributes<HTMLDetailsElement>, 'children' | 'summary'> & {
  /** The `<summary>` element, shown always. */
  summary: ComponentChildren;
  children?: ComponentChildren;
  /** Ids of link targets in the body: `goTo` opens the disclosure to reach one not built yet. */
  targets?: readonly string[];
};

/**
 * A `<details>` whose body is built the first time it opens (a click, the keyboard, `goTo`, or
 * `open` from the start) and kept from then on, so what was opened inside stays open. A closed
 * body shows nothing, and building 200 folded skill rows before the first paint was most of a
 * cached panel's time (docs/benchmarks.md). `data-lazy` says "waiting" until the body is built:
 * the e2e readers build every body before they read (tests/e2e/harness/panel.ts). A link
 * target inside must be named in `targets`: an unbuilt body has no element to go to.
 */
export function Disclosure({ summary, children, onToggle, targets, ...details }: DisclosureProps) {
  const [opened, setOpened] = useState(details.open === true);
  const built = opened || details.open === true;
  return (
    <details
      {...details}
      data-lazy={built ? 'built' : 'waiting'}
      data-targets={built || !targets?.length ? undefined : targets.join(' ')}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
        onToggle?.(event);
      }}
    >
      {summary}
      {built ? children : null}
    </details>
  );
}
