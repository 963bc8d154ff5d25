import { UNKNOWN_FIELD_CODES } from '../json/unknown-fields';
import { KINDS } from '../json/values';
import { defineCodes } from '../report/findings';
import { and, or, sentence } from '../report/words';
import { API_TYPES, EXCLUDED_TASK_TEXT_KEYS, POPPY, PROTOCOL_SCOPES, RESERVED_SCOPE_PREFIX } from '../spec';
import { AUTH, ORGANIZATION } from '../spec';

const quoted = (values: readonly string[]) => values.map((v) => JSON.stringify(v));
const AGENT_SURFACE = or([POPPY.agent, POPPY.apis, POPPY.web]);

/** What a value should have been, in "should be …". */
export const EXPECTED = { ...KINDS, trueOrFalse: sentence('kind_true_or_false', []) };

/** Every finding poppy.json parsing can produce (draft 0.1 §3.1 checks, Decisions D2 and D8). */
export const POPPY_CODES = {
  ...defineCodes({
    'missing-field': { severity: 'error', says: ['field'] },
    'wrong-type': { severity: 'error', says: ['field', 'expected', 'actual'] },
    'value-too-long': { severity: 'warning', says: { value: ['field', 'length', 'max'], name: ['field', 'length', 'max'] } },
    'too-many-items': { severity: 'warning', says: ['field', 'count', 'max'] },
    'invalid-protocol-version': { severity: 'error', says: ['field', 'value'], hint: { field: POPPY.protocolVersion } },
    'unsupported-protocol-version': { severity: 'warning', says: ['field', 'value'] },
    'domain-mismatch': {
      severity: 'error',
      says: ['field', 'domain', 'host'],
      hint: { field: `${POPPY.organization}.${ORGANIZATION.domain}` },
    },
    'nothing-for-agents': { severity: 'warning', says: ['fields'], hint: { fields: AGENT_SURFACE } },
    'missing-auth': {
      severity: 'error',
      says: ['field', 'needs'],
      hint: { auth: POPPY.auth, issuer: AUTH.issuer, fields: AGENT_SURFACE },
    },
    'invalid-url': { severity: 'error', says: ['field'] },
    'not-https': { severity: 'error', says: ['field', 'scheme'] },
    'unknown-api-type': { severity: 'error', says: ['field', 'value', 'known'], hint: { types: or(quoted(API_TYPES)) } },
    'reserved-scope-prefix': {
      severity: 'error',
      says: ['field', 'prefix'],
      hint: { prefix: RESERVED_SCOPE_PREFIX, scopes: and(PROTOCOL_SCOPES) },
    },
    'invalid-extension-name': { severity: 'error', says: ['name'] },
    'scope-undescribed': {
      severity: 'warning',
      says: { some: ['count', 'scopes', 'field'], many: ['count', 'scopes', 'field', 'more'] },
      hint: { field: `${POPPY.auth}.${AUTH.customScopes}` },
    },
    'excluded-tasks-unrecognised': {
      severity: 'warning',
      says: { notArray: ['field', 'kind'], items: ['count', 'total', 'field', 'keys'] },
      hint: { field: POPPY.excludedTasks, key: EXCLUDED_TASK_TEXT_KEYS[0] },
    },
  }),
  ...UNKNOWN_FIELD_CODES,
};

/** The text keys an excluded task may use, for "… are not a string, or an object with …". */
export const TASK_TEXT_KEYS = or([...EXCLUDED_TASK_TEXT_KEYS]);
