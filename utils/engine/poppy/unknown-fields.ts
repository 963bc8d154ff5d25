import { didYouMean } from '../text/did-you-mean';
import { isObject, own, type JsonObject } from '../report/json-words';
import { POPPY, POPPY_FIELD_TREE, type FieldTree } from '../spec';
import { LISTS, MAX_UNKNOWN_FIELD_FINDINGS, type ListBound } from './bounds';
import { POPPY_CODES } from './codes';
import { AGENT, MEDIATED } from './names';
import { label, type Path, type Reader } from './reader';

/** Array fields of the tree and how many of their items the model reads: we walk no more. */
const ARRAY_BOUNDS: ReadonlyMap<string, ListBound> = new Map([
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
export function reportUnknownFields(r: Reader, doc: JsonObject): void {
  const count = { listed: 0, more: 0 };
  walk(r, doc, POPPY_FIELD_TREE, [], count);
  if (count.more > 0) {
    r.report(POPPY_CODES['unknown-field'], `${count.more} more unknown fields are not listed.`, []);
  }
}

function walk(r: Reader, obj: JsonObject, tree: FieldTree, path: Path, count: { listed: number; more: number }): void {
  const known = Object.keys(tree);
  for (const [key, value] of Object.entries(obj)) {
    const node = own(tree, key) as Node | undefined;
    if (node === undefined) {
      if (count.listed >= MAX_UNKNOWN_FIELD_FINDINGS) count.more++;
      else {
        count.listed++;
        reportUnknown(r, key, known, [...path, key]);
      }
    } else if (Array.isArray(node)) {
      if (!Array.isArray(value)) continue;
      const max = ARRAY_BOUNDS.get(key)?.max ?? DEFAULT_ARRAY_BOUND;
      value.slice(0, max).forEach((item: unknown, i) => {
        if (isObject(item)) walk(r, item, node[0], [...path, key, i], count);
      });
    } else if (typeof node === 'object' && isObject(value)) {
      walk(r, value, node as FieldTree, [...path, key], count);
    }
  }
}

function reportUnknown(r: Reader, key: string, known: readonly string[], path: Path): void {
  const guess = didYouMean(key, known);
  const message = `${label(path)} is not a field Poppy Inspector knows; agents ignore it.`;
  const hint = guess === null ? undefined : `Did you mean "${guess}"? Agents ignore fields they do not know.`;
  r.report(POPPY_CODES['unknown-field'], message, path, hint ? { hint } : {});
}
