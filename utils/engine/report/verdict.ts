import type { Finding } from './findings';
import type { SkillReport } from './report';
import type { Verdict } from '../spec';

/**
 * The site's verdict (D3): errors (any error finding, and a mismatch always is one), warnings,
 * ok, or none when nothing is published and nothing needs the owner's attention. A document
 * that answers with HTML is "not published" but still a warning, never ok (D8).
 */
export function computeVerdict(published: boolean, skills: readonly SkillReport[], findings: readonly Finding[]): Verdict {
  if (findings.some((f) => f.severity === 'error') || skills.some((s) => s.status === 'mismatch')) return 'errors';
  if (findings.some((f) => f.severity === 'warning')) return 'warnings';
  return published ? 'ok' : 'none';
}
