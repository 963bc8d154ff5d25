import { listArchive, type ArchiveListing, type ListArchiveInput } from '../../../utils/engine/archive';
import { SKILL_MD, tgz, type TarEntry } from '../../fixtures/archives/tar';
import { zip, type ZipEntry } from '../../fixtures/archives/zip';

export const NAME = 'reserve-a-book';

/** Lists with a clock that stands still, so the time budget never fires on a busy machine;
 * the budget's own tests pass a clock that moves. */
export function list(bytes: Uint8Array, extra: Partial<ListArchiveInput> = {}): ArchiveListing {
  const url = bytes[0] === 0x1f ? 'https://shop.example/skills/a.tar.gz' : 'https://shop.example/skills/a.zip';
  const contentType = bytes[0] === 0x1f ? 'application/gzip' : 'application/zip';
  return listArchive({ bytes, skillName: NAME, url, contentType, now: () => 0, ...extra });
}

export const codes = (listing: ArchiveListing): string[] => listing.problems.map((p) => p.code);

/** A root SKILL.md plus `entries`, as a .tar.gz. */
export const tgzWith = (...entries: TarEntry[]) => tgz([{ name: 'SKILL.md', data: SKILL_MD }, ...entries]);
export const zipWith = (...entries: ZipEntry[]) => zip([{ name: 'SKILL.md', data: SKILL_MD }, ...entries]);
