import { describe, expect, it } from 'vitest';
import { AGENT, AGENT_PROTOCOL, API, AUTH, MEDIATED, MEDIATED_FIELD, ORGANIZATION, SIGN_IN, WEB } from '../../../utils/engine/spec';
import { MAX_UNKNOWN_FIELD_FINDINGS } from '../../../utils/engine/json/unknown-fields';
import { POPPY_CODES } from '../../../utils/engine/poppy';
import { PROTOCOL_SCOPE_WORDS } from '../../../utils/engine/report/look';
import { POPPY, POPPY_FIELD_TREE, PROTOCOL_SCOPES, SIGN_IN_TYPES, type FieldTree } from '../../../utils/engine/spec';
import { CTX, REQUESTED, expectWellFormed, parse, variant, type Doc } from './poppy-example';
import { english } from '../../helpers/english';

function at(...keys: string[]): FieldTree {
  let node: unknown = POPPY_FIELD_TREE;
  for (const k of keys) node = Array.isArray(node) ? node[0][k] : (node as FieldTree)[k];
  return (Array.isArray(node) ? node[0] : node) as FieldTree;
}

describe('the poppy.json field tree, built from the names in spec.ts', () => {
  it('is the tree of draft 0.1 to 1.0, field for field and in order (the did-you-mean lists follow it)', () => {
    expect(JSON.stringify(POPPY_FIELD_TREE)).toBe(
      JSON.stringify({
        protocol_version: true,
        organization: { name: true, domain: true },
        auth: {
          issuer: true,
          direct: { scopes: true },
          device: { scopes: true },
          mediated: { endpoint: true, fields: [{ name: true, label: true, secret: true }], scopes: true },
          custom_scopes: 'map',
        },
        agent: { protocols: [{ type: true, endpoint: true, resource: true }] },
        apis: [{ type: true, url: true, description: true, resource: true }],
        web: { browser_session_endpoint: true },
        extensions: 'map',
        skill_index: true,
        excluded_tasks: true,
      }),
    );
  });

  it.each([
    ['organization', ORGANIZATION, at(POPPY.organization)],
    ['auth', AUTH, at(POPPY.auth)],
    ['agent', AGENT, at(POPPY.agent)],
    ['agent protocol', AGENT_PROTOCOL, at(POPPY.agent, AGENT.protocols)],
    ['api', API, at(POPPY.apis)],
    ['web', WEB, at(POPPY.web)],
    ['mediated', MEDIATED, at(POPPY.auth, 'mediated')],
    ['mediated field', MEDIATED_FIELD, at(POPPY.auth, 'mediated', MEDIATED.fields)],
  ])('%s names are fields of the tree', (_name, names, node) => {
    for (const name of Object.values(names)) expect(Object.keys(node)).toContain(name);
  });

  it('reads scopes under every sign-in type the tree knows', () => {
    for (const type of SIGN_IN_TYPES) expect(Object.keys(at(POPPY.auth, type))).toContain(SIGN_IN.scopes);
  });

  it('knows every top-level name of POPPY in the tree, and no other', () => {
    expect(Object.keys(POPPY_FIELD_TREE).sort()).toEqual(Object.values(POPPY).sort());
  });

  it('has plain words for every protocol scope', () => {
    expect([...PROTOCOL_SCOPE_WORDS.keys()]).toEqual([...PROTOCOL_SCOPES]);
    for (const words of PROTOCOL_SCOPE_WORDS.values()) expect(english(words({}))).toMatch(/^[A-Z].{10,}\.$/);
  });

  it('declares kebab-case codes with one-line hints', () => {
    for (const [code, spec] of Object.entries(POPPY_CODES)) {
      expect(code).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
      expect(english(spec.hint)).not.toContain('\n');
    }
  });
});

describe('unknown fields (D2: info, with did-you-mean)', () => {
  it.each([
    ['a top-level typo', (d: Doc) => (d.apiss = []), '$.apiss', 'Did you mean "apis"?'],
    ['a dash for an underscore', (d: Doc) => (d['skill-index'] = {}), '$["skill-index"]', 'Did you mean "skill_index"?'],
    ['inside organization', (d: Doc) => (d.organization.homepage = 'https://example.com'), '$.organization.homepage', null],
    ['inside a sign-in type', (d: Doc) => (d.auth.direct.scope = []), '$.auth.direct.scope', 'Did you mean "scopes"?'],
    ['inside an api item', (d: Doc) => (d.apis[1].urll = 'x'), '$.apis[1].urll', 'Did you mean "url"?'],
    ['inside an agent protocol', (d: Doc) => (d.agent.protocols[0].version = '1'), '$.agent.protocols[0].version', null],
    [
      'inside a mediated field',
      (d: Doc) => (d.auth.mediated.fields[0].lable = 'E'),
      '$.auth.mediated.fields[0].lable',
      'Did you mean "label"?',
    ],
    ['web.url (one implementation only)', (d: Doc) => (d.web.url = 'https://example.com'), '$.web.url', null],
  ])('%s', (_name, mutate, path, hint) => {
    const r = parse(variant(mutate));
    expect(r.findings.map((f) => [f.code, f.severity, f.path])).toEqual([['unknown-field', 'info', path]]);
    if (hint === null) expect(r.findings[0]!.hint).toEqual(POPPY_CODES['unknown-field'].hint);
    else expect(english(r.findings[0]!.hint)).toContain(hint);
  });

  it.each([
    ['scope names in custom_scopes', (d: Doc) => (d.auth.custom_scopes['orders:cancel'] = 'Cancel orders')],
    ['the contents of an extension', (d: Doc) => (d.extensions.operations.limits = { perDay: 3 })],
    ['the contents of skill_index', (d: Doc) => (d.skill_index.publisher = 'x')],
    ['the contents of excluded_tasks items', (d: Doc) => (d.excluded_tasks[1].why = 'x')],
    ['the draft 0.1 nested names', (d: Doc) => (d.apis[0].resource = 'https://example.com/api')],
  ])('does not report %s', (_name, mutate) => {
    expect(parse(variant(mutate)).findings).toEqual([]);
  });

  it('lists the first unknown fields and counts the rest', () => {
    const doc = variant((d) => {
      for (let i = 0; i < 100_000; i++) d[`extra${i}`] = i;
    });
    const r = parse(doc);
    expect(r.findings).toHaveLength(MAX_UNKNOWN_FIELD_FINDINGS + 1);
    expect(english(r.findings.at(-1)!.message)).toBe(`${100_000 - MAX_UNKNOWN_FIELD_FINDINGS} more unknown fields are not listed.`);
    expectWellFormed(r, REQUESTED);
  });

  it('does not walk into unknown fields, however deep they nest', () => {
    const deep = JSON.parse(
      `{"protocol_version":"0.1","organization":{"name":"E","domain":"example.com"},"web":{},"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    );
    const r = parse(deep, CTX);
    expect(r.findings.map((f) => [f.code, f.path])).toEqual([['unknown-field', '$.x']]);
  });
});
