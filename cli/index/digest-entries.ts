/**
 * The digests an index file publishes, with where each one is in the text, so `index --write`
 * can replace exactly those characters and keep the rest of the file byte for byte. jsonc-parser
 * keeps offsets (JSON.parse does not) and reads a file with mistakes in it as far as it can.
 */
import { parseTree, findNodeAtLocation, type Node } from 'jsonc-parser';
import { SKILL_ENTRY } from '../../utils/engine/spec';
import type { PathSegment } from '../locate';

export interface DigestEntry {
  /** JSON path of the entry (`['skill_index', 'skills', 0]`). */
  path: PathSegment[];
  name: string | null;
  /** The entry's `url` as written. */
  url: string | null;
  /** The published digest as written, or null when the entry has no string `digest`. */
  digest: string | null;
  /** Where the `digest` value is (quotes included), to replace it. */
  digestSpan: { offset: number; length: number } | null;
  /** Offset just after the entry's last member, to add a `digest` the entry lacks. */
  insertAt: number | null;
  /** Offset of the entry itself, for messages. */
  offset: number;
}

const stringValue = (node: Node | undefined): string | null => (node?.type === 'string' ? (node.value as string) : null);

/**
 * Every object in the array at `skillsPath` (`['skills']` in the stand-alone index,
 * `['skill_index', 'skills']` in poppy.json). Null when the text has no such array.
 */
export function digestEntries(text: string, skillsPath: readonly PathSegment[]): DigestEntry[] | null {
  const root = parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
  const skills = root && findNodeAtLocation(root, [...skillsPath]);
  if (!skills || skills.type !== 'array') return null;
  const out: DigestEntry[] = [];
  (skills.children ?? []).forEach((entry, i) => {
    if (entry.type !== 'object') return;
    const member = (key: string) => findNodeAtLocation(entry, [key]);
    const digestNode = member(SKILL_ENTRY.digest);
    const last = entry.children?.at(-1);
    out.push({
      path: [...skillsPath, i],
      name: stringValue(member(SKILL_ENTRY.name)),
      url: stringValue(member(SKILL_ENTRY.url)),
      digest: stringValue(digestNode),
      digestSpan: digestNode?.type === 'string' ? { offset: digestNode.offset, length: digestNode.length } : null,
      insertAt: digestNode === undefined && last ? last.offset + last.length : null,
      offset: entry.offset,
    });
  });
  return out;
}

export interface DigestEdit {
  entry: DigestEntry;
  digest: string;
}

/**
 * The text with each edited entry's digest set: a published value is replaced where it stands
 * (a `digest` of another type is left for `check` to report), a missing one is added after the
 * entry's last member. Nothing else changes.
 */
export function applyDigestEdits(text: string, edits: readonly DigestEdit[]): string {
  const splices = edits
    .map(({ entry, digest }) =>
      entry.digestSpan
        ? { at: entry.digestSpan.offset, remove: entry.digestSpan.length, insert: JSON.stringify(digest) }
        : entry.insertAt !== null
          ? { at: entry.insertAt, remove: 0, insert: `, ${JSON.stringify(SKILL_ENTRY.digest)}: ${JSON.stringify(digest)}` }
          : null,
    )
    .filter((s) => s !== null)
    .sort((a, b) => b.at - a.at);
  let out = text;
  for (const s of splices) out = out.slice(0, s.at) + s.insert + out.slice(s.at + s.remove);
  return out;
}
