import { describe, expect, it } from 'vitest';
import { jsonPath } from '../../../utils/engine/report/findings';
import {
  MAX_AGENT_PROTOCOLS,
  MAX_APIS,
  MAX_EXTENSIONS,
  MAX_MEDIATED_FIELDS,
  MAX_SCOPES,
  NAME_MAX,
  TEXT_MAX,
  URL_MAX,
} from '../../../utils/engine/poppy/bounds';
import { POPPY_FIELD_TREE, type FieldTree } from '../../../utils/engine/spec';
import { REQUESTED, example, expectWellFormed, parse, variant, type Doc } from './poppy-example';

type Path = (string | number)[];

/** Every field the registry knows, as a path into the §8 example (arrays at item 0, maps at an entry). */
function knownPaths(tree: FieldTree, prefix: Path = []): Path[] {
  const out: Path[] = [];
  for (const [key, node] of Object.entries(tree)) {
    const path = [...prefix, key];
    out.push(path);
    if (Array.isArray(node)) out.push([...path, 0], ...knownPaths(node[0], [...path, 0]));
    else if (typeof node === 'object') out.push(...knownPaths(node as FieldTree, path));
  }
  return out;
}
const MAP_ENTRIES: Path[] = [
  ['auth', 'custom_scopes', 'orders:return'],
  ['extensions', 'operations'],
  ['extensions', 'operations', 'version'],
  ['excluded_tasks', 0],
  ['excluded_tasks', 1],
  ['auth', 'direct', 'scopes', 0],
];
const PATHS = [...knownPaths(POPPY_FIELD_TREE), ...MAP_ENTRIES];
const WRONG: unknown[] = [42, 'text', [1, 'a'], { x: 1 }, null, true];

function get(doc: Doc, path: Path): unknown {
  let v: unknown = doc;
  for (const k of path) v = (v as Record<string | number, unknown> | undefined)?.[k];
  return v;
}
function set(doc: Doc, path: Path, value: unknown): void {
  const parent = get(doc, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path.at(-1)!] = value;
}
function kind(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}
const MODEL_KEYS = Object.keys(parse(example()).model).sort();

describe('parsePoppy never throws: wrong types at every known field', () => {
  it.each(PATHS.map((p) => [jsonPath(p), p] as const))('%s', (_label, path) => {
    const original = get(example(), path);
    // The registry's only fields missing from the example are optional strings; excluded tasks
    // may be strings or objects (D2); skill_index belongs to another module.
    const accepted =
      path[0] === 'skill_index'
        ? WRONG.map(kind)
        : path[0] === 'excluded_tasks' && path.length === 2
          ? ['string', 'object']
          : [original === undefined ? 'string' : kind(original)];
    for (const value of WRONG) {
      const r = parse(variant((d) => set(d, path, value)));
      expectWellFormed(r, REQUESTED);
      expect(Object.keys(r.model).sort()).toEqual(MODEL_KEYS);
      if (!accepted.includes(kind(value))) {
        expect(
          r.findings.some((f) => f.path!.startsWith(jsonPath(path))),
          `${JSON.stringify(value)} at ${jsonPath(path)}`,
        ).toBe(true);
      }
    }
  });

  it.each(WRONG.map((v) => [JSON.stringify(v), v] as const))('every top-level field set to %s at once', (_label, value) => {
    const doc: Doc = {};
    for (const key of Object.keys(POPPY_FIELD_TREE)) doc[key] = value;
    const r = parse(doc);
    expectWellFormed(r, REQUESTED);
    expect(r.model.apis).toEqual([]);
    expect(r.model.organization).toEqual({ name: null, domain: null, domainMatches: null });
  });

  it('survives 500 random mutations of random known fields', () => {
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const values: unknown[] = [...WRONG, '', 'poppy:x', 'http://localhost', -1, [], {}, [null], [{}], 'a'.repeat(5000)];
    for (let i = 0; i < 500; i++) {
      const doc = example();
      for (let j = 0; j < 4; j++) {
        const path = PATHS[rand(PATHS.length)]!;
        if (get(doc, path.slice(0, -1)) !== null && typeof get(doc, path.slice(0, -1)) === 'object')
          set(doc, path, values[rand(values.length)]);
      }
      expectWellFormed(parse(doc), REQUESTED);
    }
  });
});

describe('parsePoppy: hostile sizes', () => {
  const many = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
  const N = 100_000;

  it.each([
    [
      'apis',
      (d: Doc) => (d.apis = many(N, (i) => ({ type: 'mcp', url: `https://example.com/${i}` }))),
      '$.apis',
      (m: Doc) => m.apis,
      MAX_APIS,
    ],
    [
      'scopes',
      (d: Doc) => (d.auth.direct.scopes = many(N, (i) => `s${i}`)),
      '$.auth.direct.scopes',
      (m: Doc) => m.signInTypes[0].scopes,
      MAX_SCOPES,
    ],
    [
      'agent protocols',
      (d: Doc) => (d.agent.protocols = many(N, () => ({ type: 'a2a', endpoint: 'https://example.com/a' }))),
      '$.agent.protocols',
      (m: Doc) => m.agentProtocols,
      MAX_AGENT_PROTOCOLS,
    ],
    [
      'mediated fields',
      (d: Doc) => (d.auth.mediated.fields = many(N, (i) => ({ name: `f${i}`, label: 'L', secret: false }))),
      '$.auth.mediated.fields',
      (m: Doc) => m.signInTypes[2].fields,
      MAX_MEDIATED_FIELDS,
    ],
    [
      'extensions',
      (d: Doc) => (d.extensions = Object.fromEntries(many(N, (i) => [`example.com/f${i}`, { version: '1' }]))),
      '$.extensions',
      (m: Doc) => m.extensions,
      MAX_EXTENSIONS,
    ],
  ])('keeps the first items of 100 000 %s', (_name, mutate, path, pick, max) => {
    const r = parse(variant(mutate));
    // 200 scopes without descriptions are one warning, not 200 (tested in parse.test.ts).
    expect(r.findings.filter((f) => f.code !== 'scope-undescribed').map((f) => [f.code, f.path])).toEqual([['too-many-items', path]]);
    expect(r.findings.filter((f) => f.code === 'scope-undescribed').length).toBeLessThanOrEqual(1);
    expect(pick(r.model as unknown as Doc)).toHaveLength(max);
  });

  it('reads at most 200 of 100 000 custom scopes', () => {
    const r = parse(variant((d) => (d.auth.custom_scopes = Object.fromEntries(many(N, (i) => [`s${i}`, `Scope ${i}`])))));
    // The direct scope `orders:return` is not among the 200 read, so it has no description.
    expect(r.findings.map((f) => [f.code, f.path])).toEqual([
      ['too-many-items', '$.auth.custom_scopes'],
      ['scope-undescribed', '$.auth.direct.scopes'],
    ]);
  });

  it.each([
    ['organization.name', ['organization', 'name'], 'x'.repeat(1_000_000), (m: Doc) => m.organization.name, NAME_MAX],
    ['auth.issuer', ['auth', 'issuer'], `https://auth.example.com/${'a'.repeat(1_000_000)}`, (m: Doc) => m.issuer, URL_MAX],
    ['an api description', ['apis', 0, 'description'], 'd'.repeat(1_000_000), (m: Doc) => m.apis[0].description, TEXT_MAX],
    ['an excluded task', ['excluded_tasks', 0], 't'.repeat(1_000_000), (m: Doc) => m.excludedTasks[0], TEXT_MAX],
  ])('cuts a 1 MB %s to its bound', (_name, path, value, pick, max) => {
    const r = parse(variant((d) => set(d, path, value)));
    expect(r.findings.map((f) => [f.code, f.path])).toEqual([['value-too-long', jsonPath(path)]]);
    const kept = pick(r.model as unknown as Doc) as string;
    expect(kept).toHaveLength(max + 1);
    expect(kept.endsWith('…')).toBe(true);
  });

  it('clips 1 MB names in paths, messages and the model', () => {
    const long = 'k'.repeat(1_000_000);
    const r = parse(
      variant((d) => {
        d[long] = 1;
        d.auth.custom_scopes[long] = 'x';
        d.extensions[`example.com/${long}`] = { version: '1' };
      }),
    );
    expectWellFormed(r, REQUESTED);
    expect(r.findings.map((f) => f.code).sort()).toEqual(['unknown-field', 'value-too-long', 'value-too-long']);
    expect(r.findings.every((f) => f.path!.length < 400)).toBe(true);
    expect(r.model.extensions[1]!.name).toHaveLength(NAME_MAX + 1);
  });

  it('passes deep nesting inside extensions and skill_index through without walking it', () => {
    const deep = () => JSON.parse(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
    const r = parse(
      variant((d) => {
        d.extensions.operations.more = deep();
        d.skill_index = deep();
      }),
    );
    expect(r.findings).toEqual([]);
    expect(r.model.hasSkillIndex).toBe(true);
  });
});

describe('parsePoppy: prototype keys are data', () => {
  const HOSTILE = `{
    "__proto__": {"polluted": true},
    "constructor": {"polluted": true},
    "protocol_version": "0.3",
    "organization": {"name": "E", "domain": "example.com", "__proto__": {"polluted": true}},
    "auth": {
      "__proto__": {"polluted": true},
      "issuer": "https://auth.example.com",
      "direct": {"scopes": ["__proto__", "constructor", "toString", "hasOwnProperty"]},
      "custom_scopes": {"__proto__": "Proto words", "constructor": "Ctor words", "toString": "Text words"}
    },
    "apis": [{"type": "mcp", "url": "https://example.com/mcp", "__proto__": {"polluted": true}}],
    "extensions": {"__proto__": {"polluted": true, "version": "1"}, "operations": {"version": "1"}},
    "excluded_tasks": [{"__proto__": {"polluted": true}, "task": "Close"}]
  }`;

  it('does not pollute Object.prototype', () => {
    parse(JSON.parse(HOSTILE));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });

  it('builds the right model', () => {
    const r = parse(JSON.parse(HOSTILE));
    expect(r.model.signInTypes).toEqual([
      {
        type: 'direct',
        scopes: [
          { name: '__proto__', description: 'Proto words' },
          { name: 'constructor', description: 'Ctor words' },
          { name: 'toString', description: 'Text words' },
          { name: 'hasOwnProperty', description: null },
        ],
      },
    ]);
    expect(r.model.extensions).toEqual([
      { name: '__proto__', version: '1' },
      { name: 'operations', version: '1' },
    ]);
    expect(r.model.excludedTasks).toEqual(['Close']);
    expect(r.model.apis).toEqual([{ type: 'mcp', url: 'https://example.com/mcp', description: null, resource: null }]);
  });

  it('reports the prototype keys like any other name', () => {
    const r = parse(JSON.parse(HOSTILE));
    expect(r.findings.map((f) => [f.code, f.path])).toEqual([
      // `hasOwnProperty` is offered with no description: a scope name like any other.
      ['scope-undescribed', '$.auth.direct.scopes'],
      ['invalid-extension-name', '$.extensions.__proto__'],
      ['unknown-field', '$.__proto__'],
      ['unknown-field', '$.constructor'],
      ['unknown-field', '$.organization.__proto__'],
      ['unknown-field', '$.auth.__proto__'],
      ['unknown-field', '$.apis[0].__proto__'],
    ]);
  });

  it('never reads a known field from the prototype', () => {
    const r = parse(JSON.parse('{"toString": 1, "hasOwnProperty": 2, "valueOf": 3}'));
    expect(r.model.protocolVersion).toBeNull();
    expect(r.findings.filter((f) => f.code === 'unknown-field')).toHaveLength(3);
  });
});
