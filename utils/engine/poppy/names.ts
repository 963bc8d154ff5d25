/**
 * Nested poppy.json field names, as this module reads them. Top-level names come from `POPPY`
 * and sign-in types from `SIGN_IN_TYPES` (utils/engine/spec.ts); tests/engine/poppy/fields.test.ts checks
 * that every name here sits at the same place in `POPPY_FIELD_TREE`, so the two cannot drift.
 */
export const ORGANIZATION = { name: 'name', domain: 'domain' } as const;
export const AUTH = { issuer: 'issuer', customScopes: 'custom_scopes' } as const;
/** Inside each sign-in type. */
export const SIGN_IN = { scopes: 'scopes' } as const;
export const MEDIATED = { endpoint: 'endpoint', fields: 'fields' } as const;
export const MEDIATED_FIELD = { name: 'name', label: 'label', secret: 'secret' } as const;
export const AGENT = { protocols: 'protocols' } as const;
export const AGENT_PROTOCOL = { type: 'type', endpoint: 'endpoint', resource: 'resource' } as const;
export const API = { type: 'type', url: 'url', description: 'description', resource: 'resource' } as const;
export const WEB = { browserSessionEndpoint: 'browser_session_endpoint' } as const;
/** Inside each extension's value; extension contents are otherwise the extension's business. */
export const EXTENSION = { version: 'version' } as const;
