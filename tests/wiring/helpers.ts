import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Translate } from '../../utils/badge';
import type { Report, SkillReport } from '../../utils/engine/report/report';
import type { SkillStatus, Verdict } from '../../utils/engine/spec';

interface LocaleMessage {
  message: string;
  placeholders?: Record<string, { content: string }>;
}
const messages = JSON.parse(readFileSync(resolve(process.cwd(), 'public/_locales/en/messages.json'), 'utf8')) as Record<
  string,
  LocaleMessage
>;

/** `i18n.getMessage` as browsers do it: `$NAME$` → its placeholder's content → `$n` substitution. */
export const translate: Translate = (key, substitutions = []) => {
  const entry = messages[key];
  if (!entry) throw new Error(`missing locale key ${key}`);
  const fill = (text: string) => text.replace(/\$(\d)/g, (_, n: string) => substitutions[Number(n) - 1] ?? '');
  return entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (_, name: string) => fill(entry.placeholders?.[name.toLowerCase()]?.content ?? ''));
};

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
