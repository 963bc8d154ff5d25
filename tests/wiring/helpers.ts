export { translate } from '../components/locale';
import type { Report, SkillReport } from '../../utils/engine/report/report';
import type { SkillStatus, Verdict } from '../../utils/engine/spec';

export function skill(name: string, status: SkillStatus, digest = `sha256:${'a'.repeat(64)}`): SkillReport {
  return {
    name,
    description: null,
    type: 'skill-md',
    source: 'poppy',
    url: `https://skills.example/${name}/SKILL.md`,
    status,
    expectedDigest: digest,
    actualDigest: status === 'verified' ? digest : null,
  };
}

/** A report as the engine would write it; only the fields the wiring reads matter. */
export function report(target: string, verdict: Verdict, skills: SkillReport[] = [], extra: Partial<Report> = {}): Report {
  const published = verdict !== 'none';
  return {
    target,
    checkedAt: new Date(0).toISOString(),
    verdict,
    local: false,
    poppy: null,
    skills,
    findings: [],
    documents: [
      {
        kind: 'poppy',
        requestedUrl: `${target}/.well-known/poppy.json`,
        url: null,
        httpStatus: published ? 200 : 404,
        contentType: null,
        bytes: null,
        redirected: false,
        published,
      },
    ],
    ...extra,
  };
}
