import { kindOf, quote } from '../report/json-words';
import { DIGEST_PATTERN, DIGEST_PREFIX } from '../spec';
import type { Problem } from './types';

const HEX64 = /^[0-9a-fA-F]{64}$/;
const SRI = /^sha256-([A-Za-z0-9+/]+={0,2})$/;
const RFC9530 = /^sha-256=:([A-Za-z0-9+/]+={0,2}):$/i;
const OTHER_ALGORITHM = /^(sha-?\d+|md5|blake\w*)[:=-]/i;

/**
 * Why a `digest` value is not `sha256:` + 64 lower-case hex, or null when it is. Each common
 * mistake gets its own hint: the `skills` CLI silently drops such entries, so owners never learn why.
 */
export function digestProblem(value: unknown): Problem | null {
  if (value === undefined) return { message: 'The entry has no `digest`.' };
  if (typeof value !== 'string') return { message: `\`digest\` must be a string, not ${kindOf(value)}.` };
  if (DIGEST_PATTERN.test(value)) return null;
  const shown = quote(value);
  const lower = value.toLowerCase();
  if (lower.startsWith(DIGEST_PREFIX)) {
    const hex = value.slice(DIGEST_PREFIX.length);
    if (value.startsWith(DIGEST_PREFIX) && HEX64.test(hex)) {
      return { message: `\`digest\` ${shown} uses upper-case hex.`, hint: `Write it in lower case: ${DIGEST_PREFIX}${hex.toLowerCase()}.` };
    }
    if (!value.startsWith(DIGEST_PREFIX)) {
      return { message: `\`digest\` ${shown} has an upper-case prefix.`, hint: `Start it with \`${DIGEST_PREFIX}\` in lower case.` };
    }
    if (/^[0-9a-fA-F]*$/.test(hex)) {
      return {
        message: `\`digest\` ${shown} has ${hex.length} hex characters, not 64.`,
        hint: 'Copy the whole SHA-256 hex digest (64 characters); it may have been cut or padded.',
      };
    }
    return {
      message: `\`digest\` ${shown} is not hex after \`${DIGEST_PREFIX}\`.`,
      hint: 'Write the SHA-256 as 64 lower-case hex characters (0-9, a-f), not base64.',
    };
  }
  const sri = SRI.exec(value) ?? RFC9530.exec(value);
  if (sri) {
    const form = value.startsWith('sha256-') ? 'the SRI form `sha256-<base64>`' : 'the RFC 9530 `Content-Digest` form `sha-256=:<base64>:`';
    const hex = base64ToHex(sri[1]!);
    const fix = hex
      ? `Write \`${DIGEST_PREFIX}${hex}\` (the same hash in hex).`
      : `Write \`${DIGEST_PREFIX}\` plus the hash as 64 lower-case hex characters.`;
    return { message: `\`digest\` ${shown} uses ${form}.`, hint: fix };
  }
  if (HEX64.test(value)) {
    return {
      message: `\`digest\` ${shown} has no \`${DIGEST_PREFIX}\` prefix.`,
      hint: `Write \`${DIGEST_PREFIX}${value.toLowerCase()}\`.`,
    };
  }
  if (OTHER_ALGORITHM.test(value)) {
    return {
      message: `\`digest\` ${shown} uses another algorithm; only SHA-256 is allowed.`,
      hint: `Compute the SHA-256 of the file and write \`${DIGEST_PREFIX}<64 lower-case hex>\`.`,
    };
  }
  return { message: `\`digest\` ${shown} is not \`${DIGEST_PREFIX}\` plus 64 lower-case hex characters.` };
}

/** The 32-byte hash a base64 string encodes, as hex; null when it is not 32 bytes. */
function base64ToHex(b64: string): string | null {
  let bytes: string;
  try {
    bytes = atob(b64);
  } catch {
    return null;
  }
  if (bytes.length !== 32) return null;
  return Array.from(bytes, (c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
}
