/**
 * A directory on disk as the site's files (utils/engine/net/site-files.ts). Only regular files
 * inside the directory are served: a path or a symbolic link that leads out of it is "not found",
 * as it would be for a server rooted there.
 */
import { constants, type Stats } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { BodyReader } from '../utils/engine/net/fetch-types';
import type { SiteFile, SiteFiles } from '../utils/engine/net/site-files';

/** Bytes asked of the file system at a time: a skill file or an index is one read. */
const CHUNK_MAX = 1024 * 1024;

export async function directoryFiles(dir: string): Promise<SiteFiles> {
  const root = await realpath(dir);
  return {
    async open(path: string): Promise<SiteFile | null> {
      let real: string;
      try {
        real = await realpath(join(root, ...path.split('/')));
      } catch {
        return null;
      }
      if (!real.startsWith(root + sep)) return null;
      // Non-blocking, so a FIFO put there cannot hold the open; then only a regular file is read
      // (judged on the opened handle: the path cannot be swapped between the check and the read).
      const handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK).catch(() => null);
      if (handle === null) return null;
      const info = await handle.stat().catch(() => null);
      if (!info?.isFile()) {
        await handle.close().catch(() => {});
        return null;
      }
      // Read a chunk at a time, not the whole file: the engine stops reading at its byte cap.
      return { body: new FileBody(handle, info), size: info.size };
    },
  };
}

/**
 * A file's bytes as the engine reads a body (`TransportResponse['body']`), straight from its
 * handle: no web stream, so `check <dir>` loads none of undici. Each chunk owns its buffer (the
 * engine keeps a one-chunk body as it is); the handle is closed at the end or on cancel.
 */
class FileBody implements BodyReader {
  readonly #handle: FileHandle;
  #left: number;
  #closed = false;

  constructor(handle: FileHandle, info: Stats) {
    this.#handle = handle;
    this.#left = info.size;
  }

  getReader(): BodyReader {
    return this;
  }

  async read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    // The size it had when opened, as a server's Content-Length would say: what it grows by
    // later is not read, and the engine judged that size against its cap already.
    if (this.#closed || this.#left === 0) {
      await this.cancel();
      return { done: true, value: undefined };
    }
    const want = Math.min(this.#left, CHUNK_MAX);
    const buffer = new Uint8Array(want);
    let got: number;
    try {
      ({ bytesRead: got } = await this.#handle.read(buffer, 0, want, null));
    } catch (error) {
      await this.cancel();
      throw error;
    }
    // Shrunk since: what is there is the file.
    this.#left = got === 0 ? 0 : this.#left - got;
    if (got === 0) return this.read();
    return { done: false, value: got === want ? buffer : buffer.slice(0, got) };
  }

  async cancel(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#handle.close().catch(() => {});
  }
}
