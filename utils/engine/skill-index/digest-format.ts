import { kindOf, quote } from '../json/values';
import { DIGEST_PATTERN, DIGEST_PREFIX, SKILL_ENTRY } from '../spec';
import { SKILL_INDEX_CODES } from './codes';
import type { Problem } from './types';

const HEX64 = /^[0-9a-fA-F]{64}$/;
const SRI = /^sha256-([A-Za-z0-9+/]+={0,2})$/;
const RFC9530 = /^sha-256=:([A-Za-z0-9+/]+={0,2}):$/i;
const OTHER_ALGORITHM = /^(sha-?\d+|md5|blake\w*)[:=-]/i;
const { says, fixes } = SKILL_INDEX_CODES['bad-digest'];
const prefix = DIGEST_PREFIX;

/**
 * Why a `digest` value is not `sha256:` + 64 lower-case hex, or null when it is. Each common
 * mistake gets its own hint: the `skills` CLI silently drops such entries, so owners never learn why.
 */
export function digestProblem(value: unknown): Problem | null {
  const field = SKILL_ENTRY.digest;
  if (value === undefined) return { said: says.missing({ field }) };
  if (typeof value !== 'string') return { said: says.notString({ field, kind: kindOf(value) }) };
  if (DIGEST_PATTERN.test(value)) return null;
  const shown = quote(value);
  if (value.toLowerCase().startsWith(prefix)) {
    const hex = value.slice(prefix.length);
    if (value.startsWith(prefix) && HEX64.test(hex)) {
      return { said: says.upperHex({ value: shown }), hint: fixes.lowerCase({ digest: `${prefix}${hex.toLowerCase()}` }) };
    }
    if (!value.startsWith(prefix)) return { said: says.upperPrefix({ value: shown }), hint: fixes.lowerPrefix({ prefix }) };
    if (/^[0-9a-fA-F]*$/.test(hex)) return { said: says.hexLength({ value: shown, length: hex.length }), hint: fixes.whole({}) };
    return { said: says.notHex({ value: shown, prefix }), hint: fixes.hex({}) };
  }
  const sri = SRI.exec(value);
  const rfc = sri ? null : RFC9530.exec(value);
  const base64 = (sri ?? rfc)?.[1];
  if (base64 !== undefined) {
    const hex = base64ToHex(base64);
    const said = sri ? says.sri({ value: shown }) : says.rfc9530({ value: shown });
    return { said, hint: hex ? fixes.inHex({ digest: `${prefix}${hex}` }) : fixes.plusHex({ prefix }) };
  }
  if (HEX64.test(value))
    return { said: says.noPrefix({ value: shown, prefix }), hint: fixes.write({ digest: `${prefix}${value.toLowerCase()}` }) };
  if (OTHER_ALGORITHM.test(value)) return { said: says.otherAlgorithm({ value: shown }), hint: fixes.sha256({ prefix }) };
  return { said: says.wrong({ value: shown, prefix }) };
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
