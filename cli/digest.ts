import { readFile } from 'node:fs/promises';
import { formatDigest, sha256Hex } from '../utils/engine/check/digest';
import { usageError, type Io } from './io';

export async function digestCommand(files: string[], io: Io): Promise<number> {
  if (files.length === 0) return usageError(io, 'digest needs at least one file.');
  let code = 0;
  for (const file of files) {
    try {
      const bytes = new Uint8Array(await readFile(file));
      io.stdout.write(`${formatDigest(await sha256Hex(bytes))}  ${file}\n`);
    } catch (e) {
      io.stderr.write(`${file}: ${(e as NodeJS.ErrnoException).code ?? 'cannot read'}\n`);
      code = 2;
    }
  }
  return code;
}
