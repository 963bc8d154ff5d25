import { reportUnknownFields, type UnknownField } from '../json/unknown-fields';
import { isObject, own, type JsonObject } from '../json/values';
import { POPPY, POPPY_FIELD_TREE, type FieldTree } from '../spec';
import { LISTS, type ListBound } from './bounds';
import { POPPY_CODES as C } from './codes';
import { AGENT, MEDIATED } from '../spec';
import type { Path, PoppyReader } from './reader';

/** Array fields of the tree and how many of their items the model reads: we walk no more. */
const ARRAY_BOUNDS: ReadonlyMap<string, ListBound> = new Map<string, ListBound>([
  [POPPY.apis, LISTS.apis],
  [AGENT.protocols, LISTS.agentProtocols],
  [MEDIATED.fields, LISTS.mediatedFields],
]);
const DEFAULT_ARRAY_BOUND = Math.min(...[...ARRAY_BOUNDS.values()].map((b) => b.max));

type Node = FieldTree[string];

/**
 * Reports fields that `POPPY_FIELD_TREE` does not know, at the top level and inside known
 * objects and array items (info, D2). Only known containers are entered, so the walk is as
 * deep as the tree and no deeper, however deep the document nests.
 */
export function reportPoppyUnknownFields(r: PoppyReader, doc: JsonObject): void {
  reportUnknownFields(r, walk(doc, POPPY_FIELD_TREE, []), C['unknown-field'], []);
}

function* walk(obj: JsonObject, tree: FieldTree, path: Path): Generator<UnknownField> {
  const known = Object.keys(tree);
  for (const [key, value] of Object.entries(obj)) {
    const node = own(tree, key) as Node | undefined;
    if (node === undefined) {
      yield { key, path: [...path, key], known };
    } else if (Array.isArray(node)) {
      if (!Array.isArray(value)) continue;
      const max = ARRAY_BOUNDS.get(key)?.max ?? DEFAULT_ARRAY_BOUND;
      for (const [i, item] of value.slice(0, max).entries()) if (isObject(item)) yield* walk(item, node[0], [...path, key, i]);
    } else if (typeof node === 'object' && isObject(value)) {
      yield* walk(value, node as FieldTree, [...path, key]);
    }
  }
}
