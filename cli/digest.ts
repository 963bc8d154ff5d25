import { readFile } from 'node:fs/promises';
import { formatDigest, sha256Hex } from '../utils/engine/check/digest';
import { usageError, type Io } from './io';
import { DIGEST_HELP } from './usage';

export async function digestCommand(files: string[], io: Io): Promise<number> {
  if (files.includes('--help') || files.includes('-h')) {
    io.stdout.write(`${DIGEST_HELP}\n`);
    return 0;
  }
  if (files.length === 0) return usageError(io, 'digest needs at least one file.', DIGEST_HELP);
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
