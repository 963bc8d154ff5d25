import type { Finding } from './findings';
import type { SkillReport } from './report';
import type { Verdict } from '../spec';

/**
 * The site's verdict (D3): errors (any error finding, and a mismatch always is one), warnings,
 * ok, or none when nothing is published and nothing needs the owner's attention. A document
 * that answers with HTML is "not published" but still a warning, never ok (D8). Findings about
 * our own limits (`ourLimit`: a cap, another host not asked yet) say what we did not look at,
 * not what the site did wrong, so they never move it (D5); `coverage()` reports them.
 */
export function computeVerdict(published: boolean, skills: readonly SkillReport[], findings: readonly Finding[]): Verdict {
  const site = findings.filter((f) => !f.ourLimit);
  if (site.some((f) => f.severity === 'error') || skills.some((s) => s.status === 'mismatch')) return 'errors';
  if (site.some((f) => f.severity === 'warning')) return 'warnings';
  return published ? 'ok' : 'none';
}
