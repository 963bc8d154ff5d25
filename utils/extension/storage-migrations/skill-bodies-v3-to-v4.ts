import { isBodyPair } from './skill-bodies-v1-to-v2';
import { isStoredUrl, type BodyIndexV3 } from './skill-bodies-v2-to-v3';
import { packJson, unpackJson } from '../packed-json';
import { BODY_INDEX_VERSION, isRecord, type StoredBodyIndex } from './versions';

/** Version 3: the same fields as 4, stored as a nested object rather than packed in one string. */
export const isBodyIndexV3 = (value: unknown): value is Record<string, unknown> => isRecord(value) && value.version === 3;

/** A version 3 or 4 object with what fails its checks dropped (those bodies age out, those URLs are asked whole). */
export function bodyIndexV3ToV4(v3: Record<string, unknown> | BodyIndexV3): StoredBodyIndex {
  return {
    version: BODY_INDEX_VERSION,
    bodies: Array.isArray(v3.bodies) ? v3.bodies.filter(isBodyPair) : [],
    urls: Array.isArray(v3.urls) ? v3.urls.filter(isStoredUrl) : [],
  };
}

/** Far past the 2000 URLs and 5 MB of bodies it indexes: anything longer is not ours. */
const PACKED_MAX = 4_000_000;

/** Version 4 is stored packed, as one JSON string; its object, or null when it is not one. */
export const unpackBodyIndex = (raw: string): unknown => unpackJson(raw, PACKED_MAX);

export const packBodyIndex = (index: StoredBodyIndex): string => packJson(index);
