// Archive entries end to end (D7), against the real fixture server: after the digest verifies,
// the engine lists the archive, reports its problems as findings, checks its SKILL.md with the
// skill-md checker, keeps a bounded listing in the report, and keeps the SKILL.md for the preview.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { summarizeListing } from '../../../utils/engine/archive/summary';
import { listArchive } from '../../../utils/engine/archive';
import { checkSite, inMemorySkillMemory } from '../../../utils/engine/check';
import type { Transport } from '../../../utils/engine/net/fetch-bounded';
import { ARCHIVE_LISTING_MAX } from '../../../utils/engine/spec';
import { zip } from '../../fixtures/archives/zip';
import { archiveCapsSite, archiveCodesOf, archivesSite, buildArchives } from '../../fixtures/hostile/archives';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { ARCHIVE_BOOKS_FILES } from '../../fixtures/sites/archive-books';
import { ALL_SITES } from '../../fixtures/sites/index';
import { allInEnglish } from '../../helpers/english';

let server: FixtureServer;
let transport: Transport;
beforeAll(async () => {
  await buildArchives();
  server = await startFixtureServer({ sites: [...ALL_SITES, archivesSite, archiveCapsSite] });
  transport = createNodeTransport({ resolve: server.resolveMap, ca: server.caPem });
});
afterAll(() => server.close());

/** Listing is synchronous and timed by the wall clock: on a busy machine, unpacking 50 MiB can
 * outlast the 5 s listing budget and a neighbour's request timeout. The caps are what is tested here. */
const SLOW_MACHINE = { timeoutMs: 60_000, checkMs: 120_000, archiveListMs: 120_000 };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const memoryCache = () => {
  const memory = inMemorySkillMemory();
  return { map: memory.bodies, memory };
};

describe('a store whose skills are archives', () => {
  it('lists each archive (name, size, type), checks its SKILL.md and comes out ok', async () => {
    const { report } = await checkSite(server.publicOrigin('archive-books'), { transport });
    expect(report.verdict).toBe('ok');
    // The lens's own findings (D12) are tested in tests/engine/lens/; it did read each archive's SKILL.md.
    expect(report.findings.filter((f) => !f.code.startsWith('lens-')).map((f) => f.code)).toEqual(['no-poppy-json']);
    expect(report.skills.every((s) => s.lens !== undefined)).toBe(true);
    for (const skill of report.skills) {
      expect(skill.status).toBe('verified');
      expect(skill.frontmatter?.name).toBe(skill.name);
      expect(skill.archive?.files.map(({ path, size }) => ({ path, size }))).toEqual(ARCHIVE_BOOKS_FILES[skill.name]);
      expect(skill.archive).toMatchObject({ partial: false, filesOmitted: 0, entryCount: ARCHIVE_BOOKS_FILES[skill.name]!.length });
      // Unpacked bytes are the files' contents: a tar's headers and padding do not count.
      expect(skill.archive?.unpackedBytes).toBe(ARCHIVE_BOOKS_FILES[skill.name]!.reduce((sum, f) => sum + f.size, 0));
    }
    const [reserve, renew] = report.skills;
    expect(reserve!.archive?.format).toBe('tar.gz');
    expect(renew!.archive?.format).toBe('zip');
    expect(reserve!.archive?.files.map((f) => f.type)).toEqual(['file', 'directory', 'file', 'directory', 'file']);
  });

  it('keeps the archived SKILL.md by its own digest, for the preview', async () => {
    const { map, memory } = memoryCache();
    const { report } = await checkSite(server.publicOrigin('archive-books'), { transport, memory });
    for (const skill of report.skills) {
      const hex = skill.archive!.skillMdDigest!.replace(/^sha256:/, '');
      const kept = map.get(hex)!;
      expect(sha256(kept)).toBe(hex);
      expect(new TextDecoder().decode(kept)).toMatch(new RegExp(`^---\\nname: ${skill.name}\\n`));
    }
  });

  it('fetches each archive on every check: the verdict comes from the bytes served now, never from a kept copy', async () => {
    const { map, memory } = memoryCache();
    await checkSite(server.publicOrigin('archive-books'), { transport, memory });
    const kept = [...map.values()].map((bytes) => new TextDecoder().decode(bytes.subarray(0, 4)));
    // The two SKILL.md files and the index (for its conditional request), not the archives.
    expect(kept.sort()).toEqual(['---\n', '---\n', '{\n  ']);
    expect([...memory.urls.keys()].filter((u) => /\.(tar\.gz|zip)$/.test(u))).toEqual([]);
    server.clearRequests();
    const again = await checkSite(server.publicOrigin('archive-books'), { transport, memory });
    expect(again.report.skills.map((s) => s.status)).toEqual(['verified', 'verified']);
    expect(server.requests.filter((r) => /\.(tar\.gz|zip)$/.test(r.url)).map((r) => r.url.split('/').at(-1))).toEqual(
      expect.arrayContaining(['reserve-a-book.tar.gz', 'renew-a-loan.zip']),
    );
  });

  it('a hostile archive: findings about the skill, on the archive URL, with a fix for this format', async () => {
    const { report } = await checkSite(server.publicOrigin('h-archives'), { transport });
    const wrapped = allInEnglish(report.findings).find((f) => f.skill === 'ar-wrapped')!;
    expect(wrapped).toMatchObject({
      code: 'archive-skill-md-wrapped',
      severity: 'error',
      document: `${server.publicOrigin('h-archives')}/.well-known/agent-skills/ar-wrapped.tar.gz`,
      hint: "Archive the folder's contents, not the folder: `tar -czf ar-wrapped.tar.gz -C ar-wrapped .`",
    });
    const skill = report.skills.find((s) => s.name === 'ar-wrapped')!;
    expect(skill.archive).toMatchObject({ skillMdDigest: null, files: [{ path: 'ar-wrapped/' }, { path: 'ar-wrapped/SKILL.md' }] });
    const mismatch = report.findings.find((f) => f.skill === 'ar-name-mismatch')!;
    expect(mismatch.code).toBe('skill-md-name-mismatch');
  });

  it('past each cap: verified, exactly its own finding, a partial listing', async () => {
    const { report } = await checkSite(server.publicOrigin('h-archive-caps'), { transport, limits: SLOW_MACHINE });
    expect(report.verdict).toBe('errors');
    expect(Object.fromEntries(report.skills.map((s) => [s.name, s.status]))).toEqual(archiveCapsSite.expect.skills);
    for (const [name, codes] of Object.entries(archiveCodesOf(archiveCapsSite))) {
      const found = report.findings.filter((f) => f.skill === name && !f.code.startsWith('lens-')).map((f) => f.code);
      expect(found.sort(), name).toEqual(codes);
      expect(report.skills.find((s) => s.name === name)!.archive?.partial, name).toBe(true);
    }
    const large = report.skills.find((s) => s.name === 'ar-too-large-unpacked')!;
    expect(large.archive!.unpackedBytes).toBeLessThanOrEqual(50 * 1024 * 1024 + 8 * 1024 * 1024);
  });

  it('a listing past the report bound keeps the first files and the counts', async () => {
    const { report } = await checkSite(server.publicOrigin('h-archive-caps'), { transport, limits: SLOW_MACHINE });
    const many = report.skills.find((s) => s.name === 'ar-too-many-entries')!;
    expect(many.archive).toMatchObject({ entryCount: 1000, partial: true, filesOmitted: 1000 - ARCHIVE_LISTING_MAX.files });
    expect(many.archive!.files).toHaveLength(ARCHIVE_LISTING_MAX.files);
    const bomb = report.skills.find((s) => s.name === 'ar-ratio-bomb')!;
    // Small first inflate steps: the tar header is read before the ratio guard stops the zeros.
    expect(bomb.archive).toMatchObject({ entryCount: 1, partial: true, skillMdDigest: null, files: [{ path: 'zeros.bin', type: 'file' }] });
    expect(bomb.archive!.unpackedBytes).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('listing shares the thread (the background runs every tab on one)', () => {
  it('another check runs start to end while a big archive is listed, and the listing goes on after it', async () => {
    const events: string[] = [];
    let other: Promise<unknown> | undefined;
    // The first pause starts a second check and lasts until it is done; later pauses are a plain turn.
    const yieldToOthers = async () => {
      events.push('listing paused');
      if (other) return new Promise<void>((resolve) => setTimeout(resolve, 0));
      other = checkSite(server.publicOrigin('northlight'), { transport }).then(({ report }) => {
        events.push(`other check done: ${report.verdict}`);
      });
      await other;
    };
    const { report } = await checkSite(server.publicOrigin('h-archive-caps'), {
      transport,
      limits: { ...SLOW_MACHINE, archiveSliceMs: 0 },
      yieldToOthers,
    });
    events.push('archive check done');
    const done = events.findIndex((e) => e.startsWith('other check done'));
    expect(done).toBeGreaterThan(0);
    expect(events.slice(done + 1)).toContain('listing paused');
    expect(events.at(-1)).toBe('archive check done');
    // Same result as listed in one go (the caps test above).
    for (const [name, codes] of Object.entries(archiveCodesOf(archiveCapsSite))) {
      expect(
        report.findings
          .filter((f) => f.skill === name && !f.code.startsWith('lens-'))
          .map((f) => f.code)
          .sort(),
        name,
      ).toEqual(codes);
    }
  });
});

describe('the listing a report keeps', () => {
  it('stops at the name budget too: 100 names of 300 characters do not all fit', () => {
    const long = (i: number) => `${String(i).padStart(3, '0')}-${'n'.repeat(296)}`;
    const listing = listArchive({ bytes: zip(Array.from({ length: 100 }, (_, i) => ({ name: long(i), data: 'x' }))), skillName: 'x' });
    const summary = summarizeListing(listing, null);
    expect(summary.files.length).toBe(Math.floor(ARCHIVE_LISTING_MAX.nameChars / 300));
    expect(summary.filesOmitted).toBe(100 - summary.files.length);
    expect(summary.files.reduce((n, f) => n + f.path.length, 0)).toBeLessThanOrEqual(ARCHIVE_LISTING_MAX.nameChars);
  });
});
