import { z } from '../zod';

/**
 * Bounds for poppy.json values. The protocol sets none; these keep a hostile or broken document
 * from filling the panel or the report. Over a bound is a finding, and the model keeps the first
 * part, never the whole.
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

export interface StringBound {
  max: number;
  schema: z.ZodString;
}
export interface ListBound {
  max: number;
  schema: z.ZodArray<z.ZodUnknown>;
}

function stringBound(max: number): StringBound {
  return { max, schema: z.string().max(max) };
}
function listBound(max: number): ListBound {
  return { max, schema: z.array(z.unknown()).max(max) };
}

/** The zod schema of each kind of string the document holds. */
export const STRINGS = {
  url: stringBound(URL_MAX),
  text: stringBound(TEXT_MAX),
  name: stringBound(NAME_MAX),
} as const;

/** The zod schema of each list; items are read one by one so one bad item hides nothing. */
export const LISTS = {
  apis: listBound(MAX_APIS),
  agentProtocols: listBound(MAX_AGENT_PROTOCOLS),
  scopes: listBound(MAX_SCOPES),
  mediatedFields: listBound(MAX_MEDIATED_FIELDS),
  excludedTasks: listBound(MAX_EXCLUDED_TASKS),
} as const;

export const BOOLEAN = z.boolean();
