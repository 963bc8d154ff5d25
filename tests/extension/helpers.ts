import { getMessage } from '../components/locale';
export { translate } from '../components/locale';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STORAGE_KEYS } from '../../utils/extension/platform/storage';
import { readStoredBodyIndex, type StoredBodyIndex } from '../../utils/extension/stored-items';
import type { Report, SkillReport } from '../../utils/engine/report/report';
import type { CheckResult } from '../../utils/engine/check';
import type { Translate } from '../../utils/extension/i18n';
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
        absent: !published,
      },
    ],
    ...extra,
  };
}

/** The skill-body index as stored (packed), read as the extension reads it. */
export async function storedBodyIndex(): Promise<StoredBodyIndex> {
  return readStoredBodyIndex((await fakeBrowser.storage.local.get(STORAGE_KEYS.bodyIndex))[STORAGE_KEYS.bodyIndex] ?? null);
}

/** Hex digests of the skill bodies kept, oldest first, read from storage as the extension writes it. */
export async function storedBodyDigests(): Promise<string[]> {
  return (await storedBodyIndex()).bodies.map(([hex]) => hex);
}

/** The same, without the discovery documents kept for their conditional requests (docs/extension.md, "How often a site is asked"). */
export async function storedSkillDigests(): Promise<string[]> {
  const documents = new Set(
    (await storedBodyIndex()).urls.filter((u) => /\/\.well-known\/(poppy\.json|[\w-]+\/index\.json)$/.test(u.url)).map((u) => u.hex),
  );
  return (await storedBodyDigests()).filter((hex) => !documents.has(hex));
}

/** fakeBrowser's i18n is unmocked; tests that go through the real `t` install the messages (again after each reset). */
export function installLocale(): void {
  fakeBrowser.i18n.getMessage = getMessage as typeof fakeBrowser.i18n.getMessage;
}

/** A translator that shows the key and its substitutions, so tests read what was said. */
export const echoTranslate: Translate = (key, ...subs) => [key, ...subs].join('|');

/** What a check of `origin` returns when its `n` skills all verified. */
export function verifiedResult(origin: string, n = 1): CheckResult {
  return {
    report: report(
      origin,
      'ok',
      Array.from({ length: n }, (_, i) => skill(`s${i}`, 'verified')),
    ),
    rawPoppy: '{}',
  };
}
