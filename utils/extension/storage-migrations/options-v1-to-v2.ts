import { isRecord, OPTIONS_VERSION, type StoredOptions } from './versions';

/** Version 1 (0.1.0): `{ autoCheck, autoOtherHosts }`, no version field. */
export const isOptionsV1 = (value: unknown): value is Record<string, unknown> => isRecord(value) && !Object.hasOwn(value, 'version');

/** Version 2 adds the version; each field keeps its value when it is a boolean, else its default. */
export function optionsV1ToV2(v1: Record<string, unknown>, defaults: Omit<StoredOptions, 'version'>): StoredOptions {
  const field = (key: keyof typeof defaults) => (typeof v1[key] === 'boolean' ? (v1[key] as boolean) : defaults[key]);
  return {
    version: OPTIONS_VERSION,
    autoCheck: field('autoCheck'),
    autoOtherHosts: field('autoOtherHosts'),
    rememberChanges: field('rememberChanges'),
  };
}
