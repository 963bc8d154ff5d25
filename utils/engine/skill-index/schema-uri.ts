import { kindOf, quote } from '../json/values';
import type { Words } from '../report/words';
import { SKILL_INDEX_SCHEMAS } from '../spec';
import { SCHEMA, SCHEMA_FIELD, SKILL_INDEX_CODES } from './codes';
import type { Problem } from './types';

export type SchemaCheck = { kind: 'known' | 'missing' } | { kind: 'unknown'; problem: Problem };

const VERSION = /\d+\.\d+\.\d+/;
const { says, fixes } = SKILL_INDEX_CODES['unknown-schema'];

/**
 * `$schema` is an identifier compared as an exact string (never fetched). An unknown value means
 * the index is not processed (RFC SHOULD), so near misses get a precise "did you mean".
 */
export function checkSchemaUri(value: unknown): SchemaCheck {
  if (value === undefined) return { kind: 'missing' };
  const field = SCHEMA_FIELD;
  if (typeof value !== 'string') {
    return { kind: 'unknown', problem: { said: says.notString({ field, kind: kindOf(value) }), hint: fixes.exactly({ schema: SCHEMA }) } };
  }
  if (SKILL_INDEX_SCHEMAS.includes(value)) return { kind: 'known' };
  const said = says.unknown({ field, value: quote(value, 120) });
  return { kind: 'unknown', problem: { said, hint: nearMiss(value) ?? fixes.onlyV020({ schema: SCHEMA }) } };
}

function nearMiss(value: string): Words | null {
  for (const schema of SKILL_INDEX_SCHEMAS) {
    if (value.trim() === schema) return fixes.spaces({ schema });
    if (value.toLowerCase() === schema.toLowerCase()) return fixes.letterCase({ schema });
    if (value.replace(/^http:/i, 'https:') === schema) return fixes.http({ schema });
    if (value.replace(/\/+$/, '') === schema) return fixes.slash({ schema });
    const version = VERSION.exec(value)?.[0];
    if (version && value.replace(VERSION, 'V') === schema.replace(VERSION, 'V')) {
      return version.startsWith('0.1.') ? fixes.noV01({ field: SCHEMA_FIELD, schema }) : fixes.version({ version, schema });
    }
  }
  if (/agentskills|agent-skills|skills?-?discovery/i.test(value)) return fixes.otherPlace({ schema: SCHEMA });
  return null;
}
