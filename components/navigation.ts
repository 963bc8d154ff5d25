/** Where the skip links and the "F" key take the keyboard: headings that take focus (tabindex -1). */
export const FINDINGS_ID = 'findings-heading';
export const SKILLS_ID = 'skills-heading';

/**
 * Focuses a heading or a finding (opening the disclosure around it) and brings it into view;
 * false when absent. A target in a disclosure not built yet (Disclosure.tsx) is reached once
 * opening the disclosure has built it.
 */
export function goTo(id: string): boolean {
  const target = document.getElementById(id);
  if (target) {
    target.closest('details:not([open])')?.setAttribute('open', '');
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
    return true;
  }
  const holder = [...document.querySelectorAll<HTMLDetailsElement>('details[data-targets]')].find((d) =>
    (d.dataset.targets ?? '').split(' ').includes(id),
  );
  if (!holder) return false;
  // The body is built (and `data-lazy` turns "built") in the render its toggle event causes.
  const built = new MutationObserver(() => {
    if (holder.dataset.lazy === 'waiting') return;
    built.disconnect();
    goTo(id);
  });
  built.observe(holder, { attributes: true, attributeFilter: ['data-lazy'] });
  holder.open = true;
  return true;
}
