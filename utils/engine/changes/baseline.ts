import type { FingerprintSource } from './fingerprint';

/**
 * Reads the fields a fingerprint needs from an earlier JSON report (`check --json`), taking only
 * values of the right type: the file is the user's, but it may be old, edited or another tool's.
 * Null when it is not a report at all.
 */
export function reportSource(value: unknown): (FingerprintSource & { checkedAt: string }) | null {
  if (!isObject(value) || typeof value.checkedAt !== 'string' || !Array.isArray(value.skills)) return null;
  const skills = value.skills.filter(isObject).flatMap((s) =>
    typeof s.name === 'string'
      ? [
          {
            name: s.name,
            url: text(s.url),
            status: (typeof s.status === 'string' ? s.status : 'invalid') as FingerprintSource['skills'][number]['status'],
            expectedDigest: text(s.expectedDigest),
            actualDigest: text(s.actualDigest),
          },
        ]
      : [],
  );
  const cap = isObject(value.cap) && typeof value.cap.unlisted === 'number' ? { unlisted: value.cap.unlisted } : null;
  const p = value.poppy;
  if (!isObject(p)) return { checkedAt: value.checkedAt, poppy: null, skills, cap };
  const organization = isObject(p.organization) ? p.organization : {};
  return {
    checkedAt: value.checkedAt,
    skills,
    cap,
    poppy: {
      issuer: text(p.issuer),
      organization: { name: text(organization.name), domain: text(organization.domain), domainMatches: null },
      signInTypes: arrayOf(p.signInTypes).flatMap((s) =>
        typeof s.type === 'string'
          ? [
              {
                type: s.type as never,
                scopes: arrayOf(s.scopes).flatMap((x) => (typeof x.name === 'string' ? [{ name: x.name, description: null }] : [])),
              },
            ]
          : [],
      ),
      apis: arrayOf(p.apis).flatMap((a) =>
        typeof a.type === 'string' ? [{ type: a.type, url: text(a.url), description: null, resource: text(a.resource) }] : [],
      ),
      excludedTasks: Array.isArray(p.excludedTasks) ? p.excludedTasks.filter((t): t is string => typeof t === 'string') : [],
    },
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const arrayOf = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isObject) : []);
