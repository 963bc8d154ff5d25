/**
 * Bounds for poppy.json values. The protocol sets none; these keep a hostile or broken document
 * from filling the panel or the report. Over a bound is a finding, and the model keeps the first
 * part, never the whole. Plain checks (poppy/reader.ts): a type test and a length are all a
 * schema would do here.
 */
export const URL_MAX = 2048;
export const TEXT_MAX = 4096;
export const NAME_MAX = 256;

export const MAX_APIS = 100;
export const MAX_AGENT_PROTOCOLS = 50;
export const MAX_SCOPES = 200;
export const MAX_MEDIATED_FIELDS = 50;
export const MAX_EXTENSIONS = 100;
export const MAX_EXCLUDED_TASKS = 500;

/** A kind of string the document holds, and how long it may be. */
export interface StringBound {
  max: number;
}
/** A list, and how many of its items are read; items are read one by one so one bad item hides nothing. */
export interface ListBound {
  max: number;
}

export const STRINGS = {
  url: { max: URL_MAX },
  text: { max: TEXT_MAX },
  name: { max: NAME_MAX },
} as const satisfies Record<string, StringBound>;

export const LISTS = {
  apis: { max: MAX_APIS },
  agentProtocols: { max: MAX_AGENT_PROTOCOLS },
  scopes: { max: MAX_SCOPES },
  mediatedFields: { max: MAX_MEDIATED_FIELDS },
  excludedTasks: { max: MAX_EXCLUDED_TASKS },
} as const satisfies Record<string, ListBound>;
