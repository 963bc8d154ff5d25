/**
 * How `index --write` and `--init` replace a file in a directory that may come from an untrusted
 * pull request: never through a link, never outside the directory once links resolve, and
 * atomically. The new text goes to a temporary file created exclusively (O_EXCL) under an
 * unpredictable name beside the target, then is renamed over it; on any failure the original is
 * untouched and the temporary file removed, and the caller gets one line naming the cause.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, realpath, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';

/** A write that did not happen: `message` is one line naming the file and the cause. */
export class WriteFailed extends Error {}

const CAUSES: Readonly<Record<string, string>> = {
  EFBIG: 'the file is larger than this process may write (ulimit -f)',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EEXIST: 'a file appeared where the temporary file was to be created',
  ENOTDIR: 'a path component is not a folder',
};

function causeOf(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return (code && CAUSES[code]) ?? code ?? String((e as Error).message ?? e);
}

/**
 * Writes `text` to `sitePath` (`.well-known/agent-skills/index.json`) under `dir`. `create`: the
 * target's folders may be made (for `--init`).
 */
export async function replaceFile(dir: string, sitePath: string, text: string, create = false): Promise<void> {
  const shown = sitePath;
  const fail = (cause: string): never => {
    throw new WriteFailed(`${shown}: not written: ${cause}.`);
  };
  const root = await realpath(dir).catch((e: unknown) => fail(causeOf(e)));
  const target = join(root, ...sitePath.split('/').filter(Boolean));
  if (create) await mkdirInside(root, dirname(target)).catch((e: unknown) => fail(e instanceof WriteFailed ? e.message : causeOf(e)));
  const parent = await realpath(dirname(target)).catch((e: unknown) => fail(causeOf(e)));
  if (!inside(root, parent)) fail(`its folder leads out of ${dir} once links resolve`);
  const file = join(parent, basename(target));
  const info = await lstat(file).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? null : fail(causeOf(e))));
  if (info?.isSymbolicLink()) fail('it is a symbolic link, and index never writes through a link; replace it with the file itself');
  if (info && !info.isFile()) fail('it is not a regular file');

  const aside = join(parent, `.${basename(file)}.${randomBytes(9).toString('hex')}.tmp`);
  // 'wx': O_CREAT | O_EXCL, so a link or file planted at that name fails the open, never receives the write.
  const handle = await open(aside, 'wx', info ? info.mode & 0o777 : 0o644).catch((e: unknown) => fail(causeOf(e)));
  try {
    await handle.writeFile(text);
    await handle.close();
    await rename(aside, file);
  } catch (e) {
    await handle.close().catch(() => {});
    await unlink(aside).catch(() => {});
    fail(causeOf(e));
  }
}

function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root + sep);
}

/** Makes the target's folders, refusing any existing one that leads out of the directory. */
async function mkdirInside(root: string, folder: string): Promise<void> {
  const parts = relative(root, folder).split(sep).filter(Boolean);
  let at = root;
  for (const part of parts) {
    at = join(at, part);
    const info = await lstat(at).catch(() => null);
    if (info === null) await mkdir(at);
    else if (!inside(root, await realpath(at))) throw new WriteFailed(`its folder leads out of the directory once links resolve`);
  }
}
