import { kindOf, quote } from '../report/json-words';
import { SKILL_INDEX_SCHEMAS } from '../spec';
import type { Problem } from './types';

export type SchemaCheck = { kind: 'known' | 'missing' } | { kind: 'unknown'; problem: Problem };

const VERSION = /\d+\.\d+\.\d+/;

/**
 * `$schema` is an identifier compared as an exact string (never fetched). An unknown value means
 * the index is not processed (RFC SHOULD), so near misses get a precise "did you mean".
 */
export function checkSchemaUri(value: unknown): SchemaCheck {
  if (value === undefined) return { kind: 'missing' };
  const current = SKILL_INDEX_SCHEMAS[SKILL_INDEX_SCHEMAS.length - 1]!;
  const use = `Use \`${current}\` exactly.`;
  if (typeof value !== 'string') {
    return {
      kind: 'unknown',
      problem: { message: `\`$schema\` must be a string, not ${kindOf(value)}: the index is not checked.`, hint: use },
    };
  }
  if (SKILL_INDEX_SCHEMAS.includes(value)) return { kind: 'known' };
  const message = `\`$schema\` ${quote(value, 120)} is not a version we know: the index is not checked.`;
  return {
    kind: 'unknown',
    problem: { message, hint: nearMiss(value, current) ?? `Agents that know only v0.2.0 skip this index. ${use}` },
  };
}

function nearMiss(value: string, current: string): string | null {
  for (const known of SKILL_INDEX_SCHEMAS) {
    const fix = `did you mean \`${known}\`?`;
    if (value.trim() === known) return `Remove the spaces around it; ${fix}`;
    if (value.toLowerCase() === known.toLowerCase()) return `The comparison is exact, letter case included; ${fix}`;
    if (value.replace(/^http:/i, 'https:') === known) return `Use \`https:\`, not \`http:\`; ${fix}`;
    if (value.replace(/\/+$/, '') === known) return `Remove the trailing \`/\`; ${fix}`;
    const version = VERSION.exec(value)?.[0];
    if (version && value.replace(VERSION, 'V') === known.replace(VERSION, 'V')) {
      const why = version.startsWith('0.1.') ? 'No `$schema` existed for v0.1' : `This inspector does not know ${version}`;
      return `${why}; for digests and \`type\`/\`url\` entries, ${fix}`;
    }
  }
  if (/agentskills|agent-skills|skills?-?discovery/i.test(value)) {
    return `That is another host or path than the published identifier; did you mean \`${current}\`?`;
  }
  return null;
}
