import { z } from '../zod';
import { DESCRIPTION_MAX, DIGEST_PATTERN, SKILL_NAME_MAX, SKILL_NAME_PATTERN, SKILL_URL_MAX } from '../spec';
import { URL_EDGE_SPACE } from './fields';

/**
 * The top level only: `skills` is read as unknown items so that one bad entry, an unknown `type`
 * or entry 201 never rejects the whole index (each entry gets its own `safeParse`). The array
 * needs no `.max()`: the fetcher caps the document at 256 KiB and we stop at `maxSkills`.
 * Not strict: unknown fields are legal and reported as info.
 */
export const IndexTopSchema = z.object({ skills: z.array(z.unknown()) });

/**
 * One v0.2.0 entry without `type`, which is read on its own so an unknown value means "skip",
 * not "invalid". The wording of each failure comes from `fields.ts` and `digest-format.ts`.
 */
export const EntrySchema = z.object({
  name: z.string().min(1).max(SKILL_NAME_MAX).regex(SKILL_NAME_PATTERN),
  // Code points, not UTF-16 units (Decision D6); the unit bound first keeps the spread cheap.
  description: z
    .string()
    .max(DESCRIPTION_MAX * 2)
    .refine((s) => s.trim() !== '' && [...s].length <= DESCRIPTION_MAX),
  url: z
    .string()
    .max(SKILL_URL_MAX)
    .refine((s) => s.replace(URL_EDGE_SPACE, '') !== ''),
  digest: z.string().regex(DIGEST_PATTERN),
});

export type EntryField = keyof typeof EntrySchema.shape;

/**
 * True only when `EntrySchema` accepts the entry, checked without zod: that is every entry of a
 * well-made index, and a zod parse per entry is most of the cost of reading one. Conservative:
 * anything else (including a long but valid description) answers false and zod decides.
 * Reads fields the way zod does (plain property access).
 */
export function plainlyValidEntry(value: object): boolean {
  const { name, description, url, digest } = value as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    name.length >= 1 &&
    name.length <= SKILL_NAME_MAX &&
    SKILL_NAME_PATTERN.test(name) &&
    typeof description === 'string' &&
    description.length <= DESCRIPTION_MAX &&
    description.trim() !== '' &&
    typeof url === 'string' &&
    url.length <= SKILL_URL_MAX &&
    url.replace(URL_EDGE_SPACE, '') !== '' &&
    typeof digest === 'string' &&
    DIGEST_PATTERN.test(digest)
  );
}
