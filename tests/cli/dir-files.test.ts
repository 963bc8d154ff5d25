// A directory as the site's files, on a real file system: only regular files inside it are
// served (links resolved first), a FIFO never holds the check, and bytes arrive without web
// streams (so `check <dir>` loads no undici).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { directoryFiles } from '../../cli/dir-files';
import type { SiteFile } from '../../utils/engine/net/site-files';

function tree(): { root: string; outside: string } {
  const base = mkdtempSync(join(tmpdir(), 'poppy-dirfiles-'));
  const root = join(base, 'site');
  mkdirSync(join(root, '.well-known/agent-skills/a'), { recursive: true });
  writeFileSync(join(root, '.well-known/agent-skills/a/SKILL.md'), '# a\n');
  writeFileSync(join(base, 'secret.txt'), 'secret\n');
  return { root, outside: join(base, 'secret.txt') };
}

async function bytesOf(file: SiteFile): Promise<{ bytes: Uint8Array; chunks: number }> {
  const reader = file.body.getReader();
  const chunks: Uint8Array[] = [];
  for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

describe('directoryFiles', () => {
  it('serves a regular file inside the directory: its size, then its bytes in one chunk that owns its buffer', async () => {
    const { root } = tree();
    const file = (await (await directoryFiles(root)).open('.well-known/agent-skills/a/SKILL.md'))!;
    expect(file.size).toBe(4);
    const reader = file.body.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('# a\n');
    expect(first.value!.byteLength).toBe(first.value!.buffer.byteLength);
    expect((await reader.read()).done).toBe(true);
  });

  it('reads a file larger than one chunk a chunk at a time, and whole', async () => {
    const { root } = tree();
    const big = Buffer.alloc(2.5 * 1024 * 1024, 'x');
    writeFileSync(join(root, 'big.json'), big);
    const { bytes, chunks } = await bytesOf((await (await directoryFiles(root)).open('big.json'))!);
    expect([bytes.byteLength, chunks]).toEqual([big.byteLength, 3]);
  });

  it('a link inside the directory is followed; one that leads out of it is not found', async () => {
    const { root, outside } = tree();
    symlinkSync(join(root, '.well-known/agent-skills/a/SKILL.md'), join(root, 'inside.md'));
    symlinkSync(outside, join(root, 'outside.md'));
    const files = await directoryFiles(root);
    expect(new TextDecoder().decode((await bytesOf((await files.open('inside.md'))!)).bytes)).toBe('# a\n');
    expect(await files.open('outside.md')).toBeNull();
    expect(await files.open('../secret.txt')).toBeNull();
  });

  it('a folder, a missing file and a FIFO are not found, and the FIFO does not hang', async () => {
    const { root } = tree();
    execFileSync('mkfifo', [join(root, 'pipe.json')]);
    const files = await directoryFiles(root);
    expect(await files.open('.well-known')).toBeNull();
    expect(await files.open('missing.json')).toBeNull();
    expect(await files.open('pipe.json')).toBeNull();
  }, 5000);

  it('cancel stops reading: the next read is the end', async () => {
    const { root } = tree();
    writeFileSync(join(root, 'big.json'), Buffer.alloc(3 * 1024 * 1024, 'x'));
    const reader = (await (await directoryFiles(root)).open('big.json'))!.body.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    expect((await reader.read()).done).toBe(true);
  });
});
