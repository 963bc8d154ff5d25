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
  /** The skill file's URL, which relative links in it resolve against; null for an archive's
   * SKILL.md, whose relative links name files inside the archive, not web pages. */
  base: string | null;
}

/**
 * The text of a skill the panel asked to read, only when the tab's current report lists that
 * digest as `verified` (a `mismatch` is never rendered, D3) and the exact bytes are cached. For
 * an archive, the text is its root SKILL.md, kept by that file's own digest when the archive was
 * listed. The digest comes from the panel; the bytes come from our own cache, never a new fetch.
 */
export async function verifiedMarkdown(
  result: StoredResult | null,
  digest: string,
  bodies: BodiesByDigest,
): Promise<VerifiedMarkdown | null> {
  const skill = result?.report.skills.find((s) => s.status === 'verified' && s.expectedDigest === digest);
  if (!skill?.url || !skill.expectedDigest) return null;
  const inArchive = skill.type === 'archive';
  if (!inArchive && skill.type !== 'skill-md') return null;
  const bodyDigest = inArchive ? skill.archive?.skillMdDigest : skill.expectedDigest;
  if (!bodyDigest?.startsWith(DIGEST_PREFIX)) return null;
  const bytes = await bodies.get(bodyDigest.slice(DIGEST_PREFIX.length));
  if (!bytes) return null;
  const markdown = skillMdBody(bytes);
  return markdown === null ? null : { markdown, base: inArchive ? null : skill.url };
}
