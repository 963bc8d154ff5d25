/**
 * The entries an index file publishes, with where each field is in the text, so `index --write`
 * can change exactly those characters and keep the rest of the file byte for byte. jsonc-parser
 * keeps offsets (JSON.parse does not) and reads a file with mistakes in it as far as it can. Its
 * `modify` would reformat a neighbouring member while inserting one, so insertions copy the
 * entry's own layout instead (the separator and indent of its last member).
 */
import { findNodeAtLocation, getNodeValue, parseTree, type Edit, type Node } from 'jsonc-parser';
import { MISNAMED_DIGEST_FIELD, SKILL_ENTRY, SKILL_INDEX } from '../../utils/engine/spec';
import type { PathSegment } from '../../utils/engine/report/locate';

export interface Span {
  offset: number;
  length: number;
}

export interface DigestEntry {
  /** JSON path of the entry (`['skill_index', 'skills', 0]`). */
  path: PathSegment[];
  /** The entry as parsed, for the engine's field rules. */
  value: unknown;
  name: string | null;
  /** The entry's `url` as written. */
  url: string | null;
  /** Whether the entry has a `type` member at all, and its value when it is a string. */
  hasType: boolean;
  type: string | null;
  /** The published digest as written, or null when the entry has no string `digest`. */
  digest: string | null;
  /** Where the `digest` value is (quotes included), to replace it. */
  digestSpan: Span | null;
  /** Whether the entry has a `digest` member of any type. */
  hasDigest: boolean;
  /**
   * A hash in a misnamed member (`sha256`, or a near miss: `sha-256`, `Digest`, a `hash` holding
   * SHA-256 hex), when the entry has no `digest`: its name and spans, to rename it.
   */
  sha256: { field: string; value: string | null; keySpan: Span; valueSpan: Span } | null;
  /** Offset just after the entry's last member, and what goes before a member added there. */
  insertAt: number | null;
  separator: string;
  /** Offset of the entry itself, for messages. */
  offset: number;
}

/** The object holding `skills` (the stand-alone index, or poppy.json's `skill_index`). */
export interface IndexObject {
  value: unknown;
  /** The `$schema` member's value span, when there is one. */
  schemaSpan: Span | null;
  /** Where a `$schema` member goes when there is none, and the text to put after it. */
  schemaInsert: { at: number; after: string };
}

const span = (n: Node): Span => ({ offset: n.offset, length: n.length });
const stringValue = (node: Node | undefined): string | null => (node?.type === 'string' ? (node.value as string) : null);

/**
 * The index object and every object in its `skills` array (`['skills']` in the stand-alone
 * index, `['skill_index', 'skills']` in poppy.json). Null when the text has no such array.
 */
export function readIndexText(text: string, skillsPath: readonly PathSegment[]): { index: IndexObject; entries: DigestEntry[] } | null {
  const root = parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
  const skills = root && findNodeAtLocation(root, [...skillsPath]);
  if (!skills || skills.type !== 'array' || skills.parent?.parent?.type !== 'object') return null;
  const holder = skills.parent.parent;
  const entries: DigestEntry[] = [];
  (skills.children ?? []).forEach((entry, i) => {
    if (entry.type !== 'object') return;
    const member = (key: string) => findNodeAtLocation(entry, [key]);
    const digestNode = member(SKILL_ENTRY.digest);
    const typeNode = member(SKILL_ENTRY.type);
    const sha = digestNode === undefined ? hashMember(entry) : undefined;
    const last = entry.children?.at(-1);
    entries.push({
      path: [...skillsPath, i],
      value: getNodeValue(entry) as unknown,
      name: stringValue(member(SKILL_ENTRY.name)),
      url: stringValue(member(SKILL_ENTRY.url)),
      hasType: typeNode !== undefined,
      type: stringValue(typeNode),
      digest: stringValue(digestNode),
      digestSpan: digestNode?.type === 'string' ? span(digestNode) : null,
      hasDigest: digestNode !== undefined,
      sha256:
        sha?.children?.length === 2
          ? {
              field: sha.children[0]!.value as string,
              value: stringValue(sha.children[1]),
              keySpan: span(sha.children[0]!),
              valueSpan: span(sha.children[1]!),
            }
          : null,
      insertAt: last ? last.offset + last.length : null,
      separator: last ? separatorBefore(text, last, entry) : ', ',
      offset: entry.offset,
    });
  });
  const first = holder.children?.[0];
  const schemaNode = findNodeAtLocation(holder, [SKILL_INDEX.schema]);
  return {
    index: {
      value: getNodeValue(holder) as unknown,
      schemaSpan: schemaNode ? span(schemaNode) : null,
      schemaInsert: first
        ? { at: first.offset, after: `,${text.slice(holder.offset + 1, first.offset)}` }
        : { at: holder.offset + 1, after: '' },
    },
    entries,
  };
}

const SHA256_HEX = /^(sha256[:-])?[0-9a-f]{64}$/i;

/**
 * The member that holds the entry's hash under another name: `sha256` first (MISNAMED_DIGEST_FIELD),
 * then a name that says SHA-256 or digest in another spelling, then `hash` or `checksum` only
 * when its value is SHA-256 hex (such a name may hold another hash, which must not be overwritten).
 */
function hashMember(entry: Node): Node | undefined {
  const members = (entry.children ?? []).filter((p) => p.children?.length === 2 && typeof p.children[0]!.value === 'string');
  const name = (p: Node) => p.children![0]!.value as string;
  const fold = (p: Node) => name(p).toLowerCase().replace(/[-_ ]/g, '');
  return (
    members.find((p) => name(p) === MISNAMED_DIGEST_FIELD) ??
    members.find((p) => ['sha256', 'sha256sum', 'sha256digest', 'digest', 'sha256hash'].includes(fold(p))) ??
    members.find((p) => ['hash', 'checksum'].includes(fold(p)) && SHA256_HEX.test(String(p.children![1]!.value)))
  );
}

/** `, ` when the member shares its line with what precedes it, else a new line with its indent. */
function separatorBefore(text: string, member: Node, entry: Node): string {
  const lineStart = text.lastIndexOf('\n', member.offset - 1) + 1;
  const indent = text.slice(lineStart, member.offset);
  if (lineStart <= entry.offset || !/^[ \t]*$/.test(indent)) return ', ';
  return `,${text[lineStart - 2] === '\r' ? '\r\n' : '\n'}${indent}`;
}

/** Members added after the entry's last one, in the entry's own layout. */
export function addMembers(entry: DigestEntry, members: readonly [string, string][]): Edit | null {
  if (entry.insertAt === null || members.length === 0) return null;
  const content = members.map(([k, v]) => `${entry.separator}${JSON.stringify(k)}: ${JSON.stringify(v)}`).join('');
  return { offset: entry.insertAt, length: 0, content };
}

/** `sha256` renamed to `digest`, with its value set to `digest`. */
export function renameSha256(entry: DigestEntry, digest: string): Edit[] {
  if (entry.sha256 === null) return [];
  return [
    { ...entry.sha256.keySpan, content: JSON.stringify(SKILL_ENTRY.digest) },
    { ...entry.sha256.valueSpan, content: JSON.stringify(digest) },
  ];
}

/** The published digest replaced where it stands. */
export function replaceDigest(entry: DigestEntry, digest: string): Edit | null {
  return entry.digestSpan ? { ...entry.digestSpan, content: JSON.stringify(digest) } : null;
}

/** `$schema` set: its value replaced, or a member added first in the index object. */
export function setSchema(index: IndexObject, schema: string): Edit {
  if (index.schemaSpan) return { ...index.schemaSpan, content: JSON.stringify(schema) };
  return {
    offset: index.schemaInsert.at,
    length: 0,
    content: `${JSON.stringify(SKILL_INDEX.schema)}: ${JSON.stringify(schema)}${index.schemaInsert.after}`,
  };
}
