import { expect } from 'vitest';
import { parsePoppy, POPPY_CODES, type PoppyContext, type PoppyParse } from '../../../utils/engine/poppy';
import { SEVERITIES } from '../../../utils/engine/spec';
import { allInEnglish } from '../../helpers/english';

/** poppy-json.md §8, comments stripped. */
export const EXAMPLE_JSON = `{
  "protocol_version": "0.3",
  "organization": { "name": "Example Company", "domain": "example.com" },
  "auth": {
    "issuer": "https://auth.example.com",
    "direct": { "scopes": ["poppy:read", "poppy:write", "orders:return"] },
    "device": { "scopes": ["poppy:read"] },
    "mediated": {
      "endpoint": "https://auth.example.com/poppy/mediated",
      "fields": [{ "name": "username", "label": "Email", "secret": false },
                 { "name": "password", "label": "Password", "secret": true }],
      "scopes": ["poppy:read"]
    },
    "custom_scopes": { "orders:return": "Start a return on your orders" }
  },
  "agent": { "protocols": [{ "type": "poppy", "endpoint": "https://example.com/poppy/conversations" }] },
  "apis": [
    { "type": "openapi", "url": "https://example.com/openapi.json", "description": "Catalogue and orders" },
    { "type": "mcp", "url": "https://example.com/mcp", "resource": "https://example.com/mcp" }
  ],
  "web": { "browser_session_endpoint": "https://example.com/poppy/browser-session" },
  "extensions": { "operations": { "version": "1" } },
  "skill_index": {
    "$schema": "https://schemas.agentskills.io/discovery/0.2.0/schema.json",
    "skills": [{
      "name": "my-skill",
      "description": "A test skill",
      "type": "skill-md",
      "url": "agent-skills/my-skill/SKILL.md",
      "digest": "sha256:e196bb2cfeafcf469201433cae9c0fcbf17de1fa0dde77314c5472d1932358e0"
    }]
  },
  "excluded_tasks": [
    "Close the account",
    { "task": "change-payment-card", "description": "Change the card saved for payments" }
  ]
}`;

// Test documents are mutated freely, so they are typed loosely on purpose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = Record<string, any>;

export const REQUESTED = 'https://example.com/.well-known/poppy.json';
export const CTX: PoppyContext = { requestedUrl: REQUESTED, finalUrl: REQUESTED, local: false };
export const LOCAL_URL = 'http://localhost:3000/.well-known/poppy.json';
export const LOCAL_CTX: PoppyContext = { requestedUrl: LOCAL_URL, finalUrl: LOCAL_URL, local: true };

export function example(): Doc {
  return JSON.parse(EXAMPLE_JSON) as Doc;
}

/** The §8 example changed by `mutate`. */
export function variant(mutate: (doc: Doc) => void): Doc {
  const doc = example();
  mutate(doc);
  return doc;
}

export function parse(doc: Doc, ctx: PoppyContext = CTX): PoppyParse {
  return parsePoppy(doc, ctx);
}

/** What every finding must carry, whatever the input (D4). */
export function expectWellFormed(result: PoppyParse, document: string): void {
  const known = new Set(Object.keys(POPPY_CODES));
  for (const f of allInEnglish(result.findings)) {
    expect(known.has(f.code), f.code).toBe(true);
    expect(SEVERITIES).toContain(f.severity);
    expect(f.message.length).toBeGreaterThan(0);
    expect(f.message.length).toBeLessThan(2000);
    expect(f.message).not.toMatch(/[\r\n]/);
    expect(f.hint.length).toBeGreaterThan(0);
    expect(f.path).toMatch(/^\$/);
    expect(f.document).toBe(document);
  }
  expect(() => JSON.stringify(result.model)).not.toThrow();
}
