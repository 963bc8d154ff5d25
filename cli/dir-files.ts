/**
 * A directory on disk as the site's files (utils/engine/net/site-files.ts). Only regular files
 * inside the directory are served: a path or a symbolic link that leads out of it is "not found",
 * as it would be for a server rooted there.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { SiteFile, SiteFiles } from '../utils/engine/net/site-files';

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
      const info = await stat(real).catch(() => null);
      if (!info?.isFile()) return null;
      // A stream, not the whole file: the engine stops reading at its byte cap.
      const body = Readable.toWeb(createReadStream(real)) as ReadableStream<Uint8Array>;
      return { body, size: info.size };
    },
  };
}
