/** Where the skip links and the "F" key take the keyboard: headings that take focus (tabindex -1). */
export const FINDINGS_ID = 'findings-heading';
export const SKILLS_ID = 'skills-heading';

/** Focuses a heading (opening the disclosure around it) and brings it into view; false when absent. */
export function goTo(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.closest('details:not([open])')?.setAttribute('open', '');
  target.focus();
  target.scrollIntoView?.({ block: 'start' });
  return true;
}
