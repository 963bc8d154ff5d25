import { defineCodes } from '../report/findings';
import { API_TYPES, EXCLUDED_TASK_TEXT_KEYS, POPPY, PROTOCOL_SCOPES, RESERVED_SCOPE_PREFIX } from '../spec';
import { AUTH, ORGANIZATION } from './names';

/** Every finding poppy.json parsing can produce (draft 0.1 §3.1 checks, Decisions D2 and D8). */
export const POPPY_CODES = defineCodes({
  'missing-field': {
    severity: 'error',
    hint: 'Add the field; agents reject a poppy.json without it.',
  },
  'wrong-type': {
    severity: 'error',
    hint: 'Use the JSON type the protocol defines for this field.',
  },
  'value-too-long': {
    severity: 'warning',
    hint: 'Shorten the value; Poppy Inspector shows only its first part.',
  },
  'too-many-items': {
    severity: 'warning',
    hint: 'Publish fewer items; Poppy Inspector shows only the first ones.',
  },
  'invalid-protocol-version': {
    severity: 'error',
    hint: `Write ${POPPY.protocolVersion} as a "major.minor" string, e.g. "0.3".`,
  },
  'unsupported-protocol-version': {
    severity: 'warning',
    hint: 'Use a published protocol version; agents reject a major version they do not support.',
  },
  'domain-mismatch': {
    severity: 'error',
    hint: `Set ${POPPY.organization}.${ORGANIZATION.domain} to the host this poppy.json is served from (a leading www. may differ).`,
  },
  'nothing-for-agents': {
    severity: 'warning',
    hint: `Add at least one of ${POPPY.agent}, ${POPPY.apis} or ${POPPY.web} so agents have something to use.`,
  },
  'missing-auth': {
    severity: 'error',
    hint: `Add ${POPPY.auth} with your ${AUTH.issuer}; agents need it to use ${POPPY.agent}, ${POPPY.apis} or the browser session endpoint.`,
  },
  'invalid-url': {
    severity: 'error',
    hint: 'Write an absolute https:// URL.',
  },
  'not-https': {
    severity: 'error',
    hint: 'Serve this endpoint over HTTPS and publish its https:// URL.',
  },
  'unknown-api-type': {
    severity: 'error',
    hint: `Set the API type to ${API_TYPES.map((t) => `"${t}"`).join(' or ')}.`,
  },
  'reserved-scope-prefix': {
    severity: 'error',
    hint: `Rename the scope: the ${RESERVED_SCOPE_PREFIX} prefix is reserved for the protocol scopes ${PROTOCOL_SCOPES.join(' and ')}.`,
  },
  'invalid-extension-name': {
    severity: 'error',
    hint: 'Name your own extensions domain/feature, e.g. example.com/loyalty.',
  },
  'unknown-field': {
    severity: 'info',
    hint: 'Agents ignore fields they do not know: check the spelling, or remove the field.',
  },
  'excluded-tasks-unrecognised': {
    severity: 'warning',
    hint: `Publish ${POPPY.excludedTasks} as an array of strings, or of objects with a ${EXCLUDED_TASK_TEXT_KEYS[0]}.`,
  },
});
