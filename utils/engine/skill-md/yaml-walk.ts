import { sentence, type Words } from '../report/words';
import { isAlias, isCollection, isMap, isNode, isScalar, isSeq, type Alias, type Node } from 'yaml';

export type Segment = string | number;

/** What one pass over the parsed frontmatter found: alias targets and the first non-portable construct of each kind. */
export interface YamlScan {
  /** Each alias's target: the last node with that anchor before it, as YAML resolves it. */
  targets: Map<Alias, Node>;
  /** The first alias with no anchor before it: other parsers fail the whole document on it. */
  unresolved: { path: Segment[]; source: string } | null;
  /** Flow collections, in document order, the first FLOWS_KEPT of them (yaml-style.ts reports one). */
  flows: Segment[][];
  anchor: Segment[] | null;
  tag: { path: Segment[]; tag: string } | null;
  complexKey: Segment[] | null;
}

/** Enough flow collections to find one that no field finding already covers (yaml-style.ts). */
const FLOWS_KEPT = 20;

/** What a scan finds in plain `key: text` pairs (the simple reader's): nothing at all. */
export const NOTHING_FOUND: YamlScan = Object.freeze({
  targets: new Map(),
  unresolved: null,
  flows: [],
  anchor: null,
  tag: null,
  complexKey: null,
});

interface Visit {
  node: Node;
  parent: Visit | null;
  /** The segment leading here from the parent; null for a key node, which shares its map's path. */
  seg: Segment | null;
}

/**
 * One pre-order pass in document order, with an explicit stack: hostile nesting cannot overflow
 * the call stack, and aliases are resolved once here instead of by `Alias.resolve`, which
 * re-walks the whole document (recursively) on every call.
 */
export function scanYaml(root: Node): YamlScan {
  const scan: YamlScan = { targets: new Map(), unresolved: null, flows: [], anchor: null, tag: null, complexKey: null };
  const anchors = new Map<string, Node>();
  const stack: Visit[] = [{ node: root, parent: null, seg: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { node } = visit;
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target) scan.targets.set(node, target);
      else scan.unresolved ??= { path: pathOf(visit), source: node.source };
      scan.anchor ??= pathOf(visit);
      continue;
    }
    if (node.anchor) {
      anchors.set(node.anchor, node);
      scan.anchor ??= pathOf(visit);
    }
    if (node.tag) scan.tag ??= { path: pathOf(visit), tag: node.tag };
    if (isCollection(node) && node.flow && scan.flows.length < FLOWS_KEPT) scan.flows.push(pathOf(visit));
    const next = children(visit, scan);
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
  return scan;
}

function children(visit: Visit, scan: YamlScan): Visit[] {
  const { node } = visit;
  const out: Visit[] = [];
  if (isSeq(node)) {
    node.items.forEach((item, i) => {
      if (isNode(item)) out.push({ node: item, parent: visit, seg: i });
    });
  } else if (isMap(node)) {
    for (const pair of node.items) {
      const key = pair.key;
      if (isNode(key)) {
        if (!isScalar(key)) scan.complexKey ??= pathOf(visit);
        out.push({ node: key, parent: visit, seg: null });
      }
      if (isNode(pair.value)) out.push({ node: pair.value, parent: visit, seg: keyText(key) ?? '?' });
    }
  }
  return out;
}

function pathOf(visit: Visit): Segment[] {
  const path: Segment[] = [];
  for (let v: Visit | null = visit; v; v = v.parent) if (v.seg !== null) path.push(v.seg);
  return path.reverse();
}

/** A map key as text, as written (`1.0: x` is the key "1.0", as strictyaml reads it); a list or map as key is null. */
export function keyText(key: unknown): string | null {
  if (!isScalar(key)) return null;
  if (typeof key.value === 'string') return key.value;
  return key.source ?? (key.value === null ? '' : String(key.value));
}

/** The node itself, or an alias's target (undefined target: an anchor we never saw). */
export function resolved(node: unknown, scan: YamlScan): Node | null {
  if (isAlias(node)) return scan.targets.get(node) ?? null;
  return isNode(node) ? node : null;
}

/** A frontmatter value: a parsed node, or text the simple reader read (a string scalar). */
export type FieldValue = Node | string | null;

/** The value when it is a string scalar, else null. */
export function stringValue(node: FieldValue): string | null {
  if (typeof node === 'string') return node;
  return isScalar(node) && typeof node.value === 'string' ? node.value : null;
}

const VALUE = {
  string: sentence('value_string', []),
  list: sentence('value_list', []),
  mapping: sentence('value_mapping', []),
  empty: sentence('value_empty', []),
  number: sentence('value_number', ['value']),
  boolean: sentence('value_boolean', ['value']),
  other: sentence('value_other', ['type', 'value']),
};

/** No value at all: `key:` or `key: ~`. */
export function isEmptyValue(node: FieldValue): boolean {
  return typeof node !== 'string' && !isSeq(node) && !isMap(node) && (!isScalar(node) || node.value === null || node.value === undefined);
}

/** Words for a value that is not a string: "a number (123)", "a list", "empty". */
export function describeValue(node: FieldValue): Words {
  if (typeof node === 'string') return VALUE.string({});
  if (isSeq(node)) return VALUE.list({});
  if (isMap(node)) return VALUE.mapping({});
  if (!isScalar(node) || node.value === null || node.value === undefined) return VALUE.empty({});
  const v = node.value;
  const shown = String(v).slice(0, 40);
  if (typeof v === 'number') return VALUE.number({ value: shown });
  if (typeof v === 'boolean') return VALUE.boolean({ value: shown });
  return typeof v === 'string' ? VALUE.string({}) : VALUE.other({ type: typeof v, value: shown });
}
