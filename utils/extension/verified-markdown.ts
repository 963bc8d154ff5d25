import { skillMdBody } from '../engine/skill-md';
import { DIGEST_PREFIX } from '../engine/spec';
import type { StoredResult } from './platform/storage';

/** Where verified bodies are kept by digest (`skillBodies` in the extension). */
interface BodiesByDigest {
  get(digestHex: string): Promise<Uint8Array | null>;
}

export interface VerifiedMarkdown {
  /** What follows the frontmatter, split as the checks split it (the panel shows the frontmatter apart). */
  markdown: string;
  /** The skill file's URL: relative links in it resolve against this. */
  base: string;
}

/**
 * The text of a skill the panel asked to read, only when the tab's current report lists that
 * digest as `verified` (a `mismatch` is never rendered, D3) and the exact bytes are cached.
 * The digest comes from the panel; the bytes come from our own cache, never from a new fetch.
 */
export async function verifiedMarkdown(
  result: StoredResult | null,
  digest: string,
  bodies: BodiesByDigest,
): Promise<VerifiedMarkdown | null> {
  const skill = result?.report.skills.find((s) => s.status === 'verified' && s.type === 'skill-md' && s.expectedDigest === digest);
  if (!skill?.url || !skill.expectedDigest) return null;
  const bytes = await bodies.get(skill.expectedDigest.slice(DIGEST_PREFIX.length));
  if (!bytes) return null;
  const markdown = skillMdBody(bytes);
  return markdown === null ? null : { markdown, base: skill.url };
}
