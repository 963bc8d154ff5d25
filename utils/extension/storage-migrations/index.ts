import { bodyIndexV1ToV2, isBodyIndexV1 } from './skill-bodies-v1-to-v2';
import { bodyIndexV2ToV3, isBodyIndexV2 } from './skill-bodies-v2-to-v3';
import { bodyIndexV3ToV4, isBodyIndexV3, packBodyIndex, unpackBodyIndex } from './skill-bodies-v3-to-v4';
import { isOptionsV1, optionsV1ToV2 } from './options-v1-to-v2';
import {
  BODY_INDEX_VERSION,
  isRecord,
  OPTIONS_VERSION,
  QUIET_SITES_VERSION,
  REVISITS_VERSION,
  SKILL_CAPS_VERSION,
  type StoredBodyIndex,
  type StoredOptions,
  type StoredQuietSites,
  type StoredRevisits,
  type StoredSkillCaps,
} from './versions';

export {
  BODY_INDEX_VERSION,
  OPTIONS_VERSION,
  QUIET_SITES_VERSION,
  REVISITS_VERSION,
  SKILL_CAPS_VERSION,
  type Options,
  type StoredBodyIndex,
  type StoredOptions,
  type StoredQuietSites,
  type StoredRevisits,
  type StoredSkillCaps,
  type StoredUrl,
} from './versions';
export { packBodyIndex };

/** Whatever is stored under the options key, as this release's shape: never throws. */
export function readStoredOptions(raw: unknown, defaults: Omit<StoredOptions, 'version'>): StoredOptions {
  if (isOptionsV1(raw)) return optionsV1ToV2(raw, defaults);
  // Version 2 has version 1's fields: the same per-field checks apply.
  if (isRecord(raw) && raw.version === OPTIONS_VERSION) return optionsV1ToV2(raw, defaults);
  // Absent, corrupt, or written by a newer release we cannot read: the defaults.
  return { version: OPTIONS_VERSION, ...defaults };
}

/** Whatever is stored under the body-index key, as this release's shape: never throws. */
export function readStoredBodyIndex(stored: unknown): StoredBodyIndex {
  const raw = typeof stored === 'string' ? unpackBodyIndex(stored) : stored;
  if (isBodyIndexV1(raw)) return bodyIndexV3ToV4(bodyIndexV2ToV3(bodyIndexV1ToV2(raw)));
  if (isBodyIndexV2(raw)) return bodyIndexV3ToV4(bodyIndexV2ToV3(raw));
  // Version 4 has version 3's fields: the same per-field checks apply.
  if (isBodyIndexV3(raw) || (isRecord(raw) && raw.version === BODY_INDEX_VERSION)) return bodyIndexV3ToV4(raw);
  return { version: BODY_INDEX_VERSION, bodies: [], urls: [] };
}

/** The quiet-sites list is short by nature; a corrupt or hostile one is cut, never trusted whole. */
export const QUIET_SITES_MAX = 5000;

/** Whatever is stored under the quiet-sites key, as this release's shape: never throws. */
export function readStoredQuietSites(raw: unknown): StoredQuietSites {
  return { version: QUIET_SITES_VERSION, origins: storedOrigins(raw, QUIET_SITES_VERSION, isOriginText, QUIET_SITES_MAX) };
}

/** Origins remembered for their next visit; a corrupt or hostile list is cut, never trusted whole. */
export const REVISITS_MAX = 1000;

/** Whatever is stored under the revisits key, as this release's shape: never throws. */
export function readStoredRevisits(raw: unknown): StoredRevisits {
  const valid = (e: unknown): e is StoredRevisits['origins'][number] =>
    Array.isArray(e) && e.length === 3 && isOriginText(e[0]) && Number.isFinite(e[1]) && typeof e[2] === 'boolean';
  return { version: REVISITS_VERSION, origins: storedOrigins(raw, REVISITS_VERSION, valid, REVISITS_MAX) };
}

/** Origins with a raised skill cap; a corrupt or hostile list is cut, never trusted whole. */
export const SKILL_CAPS_MAX = 1000;

/** Whatever is stored under the skill-caps key, as this release's shape: never throws. A cap
 *  outside [smallest, largest] (the extension's default and the raised cap) is dropped. */
export function readStoredSkillCaps(raw: unknown, smallest: number, largest: number): StoredSkillCaps {
  const valid = (e: unknown): e is StoredSkillCaps['origins'][number] =>
    Array.isArray(e) &&
    e.length === 2 &&
    isOriginText(e[0]) &&
    Number.isSafeInteger(e[1]) &&
    (e[1] as number) >= smallest &&
    (e[1] as number) <= largest;
  return { version: SKILL_CAPS_VERSION, origins: storedOrigins(raw, SKILL_CAPS_VERSION, valid, SKILL_CAPS_MAX) };
}

/** An origin as these lists hold it: text of a sane length (a hostile list is not trusted). */
const isOriginText = (value: unknown): value is string => typeof value === 'string' && value.length <= 300;

/** The `origins` of a `{ version, origins }` list of this release: the valid entries, the newest `max`. */
function storedOrigins<T>(raw: unknown, version: number, valid: (entry: unknown) => entry is T, max: number): T[] {
  return isRecord(raw) && raw.version === version && Array.isArray(raw.origins) ? raw.origins.filter(valid).slice(-max) : [];
}
