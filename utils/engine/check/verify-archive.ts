import { listArchiveCooperatively } from '../archive';
import { problemFinding } from '../archive/findings';
import { summarizeListing } from '../archive/summary';
import type { Finding } from '../report/findings';
import type { SkillReport } from '../report/report';
import type { IndexEntry } from '../skill-index';
import { checkSkillMd } from '../skill-md';
import type { CheckContext } from './context';
import { formatDigest, sha256Hex } from './digest';

/**
 * D7, after the digest verified and never before: lists the archive in memory (nothing is
 * written or run), turns its problems into findings, and checks its root SKILL.md with the same
 * checker as a `skill-md` entry, its name against the index entry's. Sets `skill.archive` and
 * `skill.frontmatter`. The archive's SKILL.md is kept by its own digest for the panel's preview.
 */
export async function verifyArchive(
  bytes: Uint8Array,
  entry: IndexEntry,
  skill: SkillReport,
  ctx: CheckContext,
  onSkillMd?: (skillMd: Uint8Array, texts: readonly { path: string; bytes: Uint8Array }[]) => void,
): Promise<Finding[]> {
  const document = skill.url ?? '';
  // Cooperatively: the other tabs' checks share this thread and must not wait for the listing.
  const listing = await listArchiveCooperatively(
    {
      bytes,
      skillName: skill.name,
      url: document,
      // Undefined when the bytes did not come from a response: the header is then not judged.
      contentType: skill.contentType,
      limits: {
        packedBytes: ctx.limits.archiveBytes,
        skillMdBytes: ctx.limits.skillMdBytes,
        budgetMs: ctx.limits.archiveListMs,
        sliceMs: ctx.limits.archiveSliceMs,
      },
    },
    ctx.yieldToOthers,
  );
  const findings = listing.problems.map((problem) => problemFinding(problem, document, skill.name));
  let skillMdDigest: string | null = null;
  if (listing.skillMd) {
    const hex = await sha256Hex(listing.skillMd);
    skillMdDigest = formatDigest(hex);
    const md = checkSkillMd(listing.skillMd, { document, indexName: entry.name, indexDescription: entry.description });
    skill.frontmatter = md.frontmatter;
    if (md.title !== null) skill.title = md.title;
    findings.push(...md.findings.map((f) => ({ ...f, skill: skill.name })));
    ctx.memory?.keepBody(hex, listing.skillMd);
    onSkillMd?.(listing.skillMd, listing.texts ?? []);
  }
  skill.archive = summarizeListing(listing, skillMdDigest);
  return findings;
}
