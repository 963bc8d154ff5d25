import { BODY_INDEX_VERSION, type StoredBodyIndex } from './versions';

/** Version 1 (0.1.0): a bare array of [hex, size] pairs. */
export const isBodyIndexV1 = (value: unknown): value is unknown[] => Array.isArray(value);

/** Version 2 wraps the pairs with a version; malformed pairs are dropped (their bodies become unreachable and age out). */
export function bodyIndexV1ToV2(v1: readonly unknown[]): StoredBodyIndex {
  return { version: BODY_INDEX_VERSION, bodies: v1.filter(isBodyPair) };
}

export function isBodyPair(pair: unknown): pair is [string, number] {
  return (
    Array.isArray(pair) &&
    pair.length === 2 &&
    typeof pair[0] === 'string' &&
    /^[0-9a-f]{64}$/.test(pair[0]) &&
    typeof pair[1] === 'number' &&
    Number.isSafeInteger(pair[1]) &&
    pair[1] >= 0
  );
}
