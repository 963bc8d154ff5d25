// poppy.json as the check reads it, from bytes (docs/security.md): whatever a site serves, the reader
// and the parser never throw, every failure is a well-formed finding, and the model stays within
// the bounds of poppy/bounds.ts however large the document's values are.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readJsonDocument } from '../../../utils/engine/check/json-document';
import { MAX_EXCLUDED_TASKS, TEXT_MAX } from '../../../utils/engine/poppy/bounds';
import { FUZZ_TIMEOUT, expectWellFormed as expectFindings, fuzzRuns } from '../../helpers/fuzz';
import { EXAMPLE_JSON, REQUESTED, example, expectWellFormed, parse, type Doc } from './poppy-example';

type Path = (string | number)[];

/** Every path in a JSON value, the value itself included (`[]`). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((k) => pathsOf((value as Record<string | number, unknown>)[k], [...prefix, k]))];
}
const EXAMPLE_PATHS = pathsOf(example()).filter((p) => p.length > 0);

function setAt(doc: Doc, path: Path, value: unknown): void {
  let parent: Record<string | number, unknown> = doc;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  // defineProperty: a generated `__proto__` key stays an own key, as JSON.parse makes it.
  Object.defineProperty(parent, path.at(-1)!, { value, enumerable: true, writable: true, configurable: true });
}

/** Values a hostile document puts anywhere: any JSON, very long text, very long lists, odd keys. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  fc.integer({ min: 1, max: 20_000 }).map((n) => 'a'.repeat(n)),
  fc.tuple(fc.integer({ min: 1, max: 2000 }), fc.jsonValue({ maxDepth: 1 })).map(([n, v]) => Array.from({ length: n }, () => v)),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'toString', 'x-vendor', '', '$schema'), fc.jsonValue({ maxDepth: 1 })),
);

/** The §8 example with a few of its values replaced and a few keys added. */
const mutatedDocument = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...EXAMPLE_PATHS), hostileValue), { minLength: 1, maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 }),
  )
  .map(([changes, extra]) => {
    const doc = example();
    for (const [path, value] of changes) {
      try {
        setAt(doc, path, value);
      } catch {
        // An earlier change replaced a parent with a scalar: that change is the mutation.
      }
    }
    for (const [k, v] of Object.entries(extra)) setAt(doc, [k], v);
    return doc;
  });

/** Every string and list the model holds is within the largest bound. */
function expectBounded(value: unknown): void {
  if (typeof value === 'string') expect(value.length).toBeLessThanOrEqual(TEXT_MAX + 1);
  else if (Array.isArray(value)) {
    expect(value.length).toBeLessThanOrEqual(MAX_EXCLUDED_TASKS);
    value.forEach(expectBounded);
  } else if (value !== null && typeof value === 'object') Object.values(value).forEach(expectBounded);
}

const encoder = new TextEncoder();
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/html', 'text/plain', 'application/octet-stream', null];

/** Bytes a server may send: anything, the example's text with bytes changed, or a mutated document. */
const served = fc.oneof(
  fc.uint8Array({ maxLength: 512 }),
  fc.array(fc.tuple(fc.nat(EXAMPLE_JSON.length), fc.nat(4), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 6 }).map((edits) => {
    let text = EXAMPLE_JSON;
    for (const [at, cut, put] of edits) text = text.slice(0, at) + put + text.slice(at + cut);
    return encoder.encode(text);
  }),
  mutatedDocument.map((doc) => encoder.encode(JSON.stringify(doc))),
);

describe('poppy.json from any bytes (property)', () => {
  it(
    'reads or refuses with findings, never throws; what parses yields a bounded model and well-formed findings',
    () =>
      fc.assert(
        fc.property(served, fc.constantFrom(...CONTENT_TYPES), (bytes, contentType) => {
          const doc = readJsonDocument(bytes, contentType, REQUESTED);
          expectFindings(doc.findings);
          if (!doc.ok) {
            expect(doc.findings.length).toBeGreaterThan(0);
            return;
          }
          const r = parse(doc.value);
          expectWellFormed(r, REQUESTED);
          expectBounded(r.model);
        }),
        fuzzRuns(150),
      ),
    FUZZ_TIMEOUT,
  );

  it(
    'a document that is not the example in shape always gets at least one finding',
    () =>
      fc.assert(
        fc.property(fc.dictionary(fc.string({ maxLength: 20 }), hostileValue, { maxKeys: 8 }), (doc) => {
          const r = parse(doc);
          expectWellFormed(r, REQUESTED);
          expect(r.findings.length).toBeGreaterThan(0);
          expectBounded(r.model);
        }),
        fuzzRuns(100),
      ),
    FUZZ_TIMEOUT,
  );
});
