/** Version 2 (0.2.0 development): `{ version: 2, bodies }`. */
export interface BodyIndexV2 {
  version: 2;
  bodies: [hex: string, size: number][];
}

/** Version 1 (0.1.0): a bare array of [hex, size] pairs. */
export const isBodyIndexV1 = (value: unknown): value is unknown[] => Array.isArray(value);

/** Version 2 wraps the pairs with a version; malformed pairs are dropped (their bodies become unreachable and age out). */
export function bodyIndexV1ToV2(v1: readonly unknown[]): BodyIndexV2 {
  return { version: 2, bodies: v1.filter(isBodyPair) };
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
