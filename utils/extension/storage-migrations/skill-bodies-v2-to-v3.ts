import { isBodyPair, type BodyIndexV2 } from './skill-bodies-v1-to-v2';
import { isRecord, type StoredUrl } from './versions';

export const isBodyIndexV2 = (value: unknown): value is Record<string, unknown> => isRecord(value) && value.version === 2;

/** Version 3 (0.3.0 development): the fields of version 4, as a nested object. */
export interface BodyIndexV3 {
  version: 3;
  bodies: [hex: string, size: number][];
  urls: StoredUrl[];
}

/** Version 3 adds the validators per skill URL: none are known yet, so the first check asks for whole files. */
export function bodyIndexV2ToV3(v2: Record<string, unknown> | BodyIndexV2): BodyIndexV3 {
  return { version: 3, bodies: Array.isArray(v2.bodies) ? v2.bodies.filter(isBodyPair) : [], urls: [] };
}

const stringOrNull = (v: unknown) => v === null || (typeof v === 'string' && v.length <= 1024);

export function isStoredUrl(value: unknown): value is StoredUrl {
  return (
    isRecord(value) &&
    typeof value.url === 'string' &&
    typeof value.hex === 'string' &&
    /^[0-9a-f]{64}$/.test(value.hex) &&
    stringOrNull(value.etag) &&
    stringOrNull(value.lastModified) &&
    stringOrNull(value.contentType) &&
    (value.cacheControl === undefined || stringOrNull(value.cacheControl)) &&
    typeof value.cors === 'boolean'
  );
}
