import { createHash } from 'node:crypto';

/**
 * The engine's SHA-256 in Node (CheckDeps.sha256): synchronous `node:crypto`, which hashes a
 * skill file in place where WebCrypto hands every file to a worker thread and back.
 */
export function nodeSha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
