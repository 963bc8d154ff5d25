// Hints name the limits and identifiers of utils/engine/spec.ts, so a spec change is one line there:
// each hint below must follow the value it quotes.
import { describe, expect, it } from 'vitest';
import { ENGINE_CODES } from '../../../utils/engine/check';
import { formatBytes, formatMs } from '../../../utils/engine/net/fetch-bounded';
import { JSON_DOCUMENT_CODES } from '../../../utils/engine/check/json-document';
import { POPPY_CODES } from '../../../utils/engine/poppy';
import { SKILL_INDEX_CODES } from '../../../utils/engine/skill-index';
import { SKILL_MD_CODES } from '../../../utils/engine/skill-md';
import {
  DEFAULT_LIMITS,
  DESCRIPTION_MAX,
  MEDIA_TYPES,
  PROTOCOL_SCOPES,
  SKILL_INDEX_SCHEMAS,
  SEVERITIES,
  SKILL_NAME_MAX,
  WELL_KNOWN,
} from '../../../utils/engine/spec';
import { english } from '../../helpers/english';

const SCHEMA = SKILL_INDEX_SCHEMAS[SKILL_INDEX_SCHEMAS.length - 1]!;

describe('hints quote the spec registry', () => {
  it.each([
    ['unknown-schema', SKILL_INDEX_CODES['unknown-schema'].hint, [SCHEMA]],
    ['missing-schema', SKILL_INDEX_CODES['missing-schema'].hint, [SCHEMA]],
    ['bad-name', SKILL_INDEX_CODES['bad-name'].hint, [`1 to ${SKILL_NAME_MAX}`]],
    ['bad-description', SKILL_INDEX_CODES['bad-description'].hint, [`1 to ${DESCRIPTION_MAX}`]],
    ['document-unreachable', ENGINE_CODES['document-unreachable'].hint, [formatMs(DEFAULT_LIMITS.timeoutMs)]],
    ['document-too-large', ENGINE_CODES['document-too-large'].hint, [formatBytes(DEFAULT_LIMITS.poppyBytes)]],
    [
      'skill-too-large',
      ENGINE_CODES['skill-too-large'].hint,
      [formatBytes(DEFAULT_LIMITS.skillMdBytes), formatBytes(DEFAULT_LIMITS.archiveBytes)],
    ],
    ['no-skill-index', ENGINE_CODES['no-skill-index'].hint, [WELL_KNOWN.skillIndex]],
    ['skill-content-type', ENGINE_CODES['skill-content-type'].hint, [MEDIA_TYPES.skillMd[0], MEDIA_TYPES.tarGz[0], MEDIA_TYPES.zip[0]]],
    ['wrong-content-type', JSON_DOCUMENT_CODES['wrong-content-type'].hint, [MEDIA_TYPES.json[0]]],
    ['reserved-scope-prefix', POPPY_CODES['reserved-scope-prefix'].hint, [...PROTOCOL_SCOPES]],
  ])('%s', (_code, hint, quoted) => {
    for (const value of quoted) expect(english(hint)).toContain(value);
  });

  it('names the current limits in words: 10 s, 2 MiB, 1 MiB, 10 MiB', () => {
    expect(english(ENGINE_CODES['document-unreachable'].hint)).toContain('within 10 s.');
    // An index past its cap is our limit (index-too-large), never this error (D5).
    expect(english(ENGINE_CODES['document-too-large'].hint)).toBe('Keep poppy.json under 2 MiB.');
    expect(english(ENGINE_CODES['skill-too-large'].hint)).toBe('Keep SKILL.md under 1 MiB and archives under 10 MiB.');
  });

  it('gives real codes their real hints and severities', () => {
    expect(ENGINE_CODES['site-unreachable']).toMatchObject({ code: 'site-unreachable', severity: 'error' });
    expect(english(ENGINE_CODES['site-unreachable'].hint)).toBe(
      'Make sure the site answers over https; check DNS, the certificate and the server.',
    );
    expect(ENGINE_CODES['digest-mismatch']).toMatchObject({ code: 'digest-mismatch', severity: 'error' });
    expect(english(ENGINE_CODES['digest-mismatch'].hint)).toBe(
      'If you changed the file on purpose, publish its new digest: `poppy-inspector index --write <site folder>` recomputes every digest from the files. Otherwise serve the file the index names.',
    );
    expect(english(ENGINE_CODES['no-skill-index'].hint)).toBe(
      'Optional: publish /.well-known/agent-skills/index.json for agents that do not read poppy.json.',
    );
    expect(english(JSON_DOCUMENT_CODES['wrong-content-type'].hint)).toContain('application/json');
  });
});

describe('every code table', () => {
  const tables = { ENGINE_CODES, JSON_DOCUMENT_CODES, POPPY_CODES, SKILL_INDEX_CODES, SKILL_MD_CODES };
  const all = Object.entries(tables).flatMap(([table, codes]) => Object.entries(codes).map(([key, spec]) => [table, key, spec] as const));

  it('holds the codes the checks raise', () => {
    expect(all.length).toBeGreaterThan(90);
  });

  it.each(all)('%s %s: kebab-case code equal to its key, a severity, a one-line hint that is a sentence', (_table, key, spec) => {
    expect(spec.code).toBe(key);
    expect(key).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(SEVERITIES).toContain(spec.severity);
    expect(english(spec.hint)).toMatch(/^\S[^\n]{8,238}[.)]$/);
  });

  it('uses each code once across the tables', () => {
    const keys = all.map(([, key]) => key);
    expect(keys.length - new Set(keys).size).toBe(0);
  });
});
