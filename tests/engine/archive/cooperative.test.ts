// Listing cooperatively: the same listing as in one go, with a pause for other work after every
// slice (an inflate step, a zip entry), so a big archive never holds the thread that runs every
// tab's checks (tests/engine/check/archives.test.ts serves another check in the middle).
import { describe, expect, it } from 'vitest';
import { listArchive, listArchiveCooperatively, type ListArchiveInput } from '../../../utils/engine/archive';
import { noise, SKILL_MD, tgz } from '../../fixtures/archives/tar';
import { zip } from '../../fixtures/archives/zip';
import { NAME } from './helpers';

// Each file its own part of the noise: copies of one would compress to nothing.
const text = noise(40 * 8 * 1024);
const files = Array.from({ length: 40 }, (_, i) => ({ name: `data/${i}.txt`, data: text.slice(i * 8192, (i + 1) * 8192) }));
const input = (bytes: Uint8Array, sliceMs: number): ListArchiveInput => ({ bytes, skillName: NAME, now: () => 0, limits: { sliceMs } });

describe.each([
  ['tar.gz', tgz([{ name: 'SKILL.md', data: SKILL_MD }, ...files])],
  ['zip', zip([{ name: 'SKILL.md', data: SKILL_MD }, ...files])],
] as const)('a %s of 40 files', (_format, bytes) => {
  it('lists exactly as in one go, pausing after every step when the slice is 0 ms', async () => {
    let pauses = 0;
    const listing = await listArchiveCooperatively(input(bytes, 0), async () => void pauses++);
    expect(listing).toEqual(listArchive(input(bytes, 0)));
    expect(listing.files).toHaveLength(41);
    // One pause per inflate step of 4 KiB at least (a zip pauses after each entry too).
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(bytes.length / (4 * 1024)));
    expect(pauses).toBeGreaterThan(40);
  });

  it('does not pause while the slice has not run out', async () => {
    let pauses = 0;
    const listing = await listArchiveCooperatively(input(bytes, 10), async () => void pauses++);
    expect(listing.files).toHaveLength(41);
    expect(pauses).toBe(0);
  });

  it('pauses once per slice on a moving clock', async () => {
    let clock = 0;
    let pauses = 0;
    const moving = { ...input(bytes, 10), now: () => (clock += 1) };
    await listArchiveCooperatively(moving, async () => void pauses++);
    // Each step reads the clock once (the caps read it too): a pause about every 10 ticks, never every step.
    expect(pauses).toBeGreaterThan(2);
    expect(pauses).toBeLessThan(clock / 5);
  });
});
