import { isNode, type YAMLMap } from 'yaml';
import { finding, jsonPath, type Finding, type Said } from '../report/findings';
import { SKILL_MD_CODES as C } from './codes';
import { keyText, type Segment, type YamlScan } from './yaml-walk';

/**
 * YAML that every 1.2 parser reads but the reference validator's strictyaml rejects (skill-md.md
 * §3, §4): a warning each, at the first place it occurs, so one file cannot flood the report.
 * `covered`: the JSON paths the field checks already report; a flow collection at or under (or
 * above) one of them is the same line, and one line gets one finding (the field's, which says
 * what the value must be).
 */
export function styleFindings(scan: YamlScan, document: string, covered: readonly (string | null)[] = []): Finding[] {
  const out: Finding[] = [];
  const add = (said: { top: (v: object) => Said; at: (v: { path: string }) => Said }, path: Segment[]) =>
    out.push(finding(path.length > 0 ? said.at({ path: jsonPath(path) }) : said.top({}), at(document, path)));
  const flow = scan.flows.find((path) => path.length === 0 || !covered.some((c) => c !== null && overlaps(jsonPath(path), c)));
  if (flow) add(C['skill-md-yaml-flow-style'].says, flow);
  if (scan.anchor) add(C['skill-md-yaml-anchor'].says, scan.anchor);
  if (scan.tag) {
    const tag = scan.tag.tag.replace(/^tag:yaml\.org,2002:/, '!!').slice(0, 40);
    const { says } = C['skill-md-yaml-tag'];
    const path = scan.tag.path;
    out.push(finding(path.length > 0 ? says.at({ tag, path: jsonPath(path) }) : says.top({ tag }), at(document, path)));
  }
  if (scan.complexKey) add(C['skill-md-yaml-complex-key'].says, scan.complexKey);
  return out;
}

/** One JSON path is the other or lies under it (`$.metadata` and `$.metadata.tags`). */
function overlaps(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long === short || long.startsWith(`${short}.`) || long.startsWith(`${short}[`);
}

function at(document: string, path: Segment[]) {
  return { document, path: jsonPath(path) };
}

/** An alias to no earlier anchor: `yaml` builds the AST anyway, but resolving it fails everywhere. */
export function unresolvedAliasFinding(scan: YamlScan, document: string): Finding | null {
  if (!scan.unresolved) return null;
  const { path, source } = scan.unresolved;
  const said = C['skill-md-yaml-invalid'].says.unresolvedAlias({ alias: `*${source.slice(0, 40)}`, path: jsonPath(path) });
  return finding(said, at(document, path));
}

const DELIMITER = '---';

/**
 * skills-ref splits the file on the first two `---` anywhere (not line-anchored), so a `---`
 * inside the frontmatter ends it there and silently truncates the value holding it.
 */
export function delimiterFinding(yaml: string, map: YAMLMap, document: string): Finding | null {
  const at = yaml.indexOf(DELIMITER);
  if (at === -1) return null;
  const pair = map.items.find((p) => {
    const start = isNode(p.key) ? p.key.range?.[0] : undefined;
    const end = isNode(p.value) ? p.value.range?.[2] : undefined;
    return start !== undefined && end !== undefined && start <= at && at < end;
  });
  const key = pair ? keyText(pair.key) : null;
  const { says } = C['skill-md-delimiter-in-value'];
  if (key === null) return finding(says.anywhere({}), { document });
  return finding(says.inKey({ key: key.slice(0, 64) }), { document, path: jsonPath([key]) });
}
