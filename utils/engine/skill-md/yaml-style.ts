import { isNode, type YAMLMap } from 'yaml';
import { finding, jsonPath, type Finding } from '../report/findings';
import { SKILL_MD_CODES } from './codes';
import { keyText, type YamlScan } from './yaml-walk';

/**
 * YAML that every 1.2 parser reads but the reference validator's strictyaml rejects (skill-md.md
 * §3, §4): a warning each, at the first place it occurs, so one file cannot flood the report.
 */
export function styleFindings(scan: YamlScan, document: string): Finding[] {
  const out: Finding[] = [];
  if (scan.flow) {
    out.push(
      finding(
        SKILL_MD_CODES['skill-md-yaml-flow-style'],
        `Flow-style list or map (\`[…]\` or \`{…}\`)${where(scan.flow)}.`,
        at(document, scan.flow),
      ),
    );
  }
  if (scan.anchor) {
    out.push(
      finding(
        SKILL_MD_CODES['skill-md-yaml-anchor'],
        `Anchor or alias (\`&name\` / \`*name\`)${where(scan.anchor)}.`,
        at(document, scan.anchor),
      ),
    );
  }
  if (scan.tag) {
    const tag = scan.tag.tag.replace(/^tag:yaml\.org,2002:/, '!!').slice(0, 40);
    out.push(finding(SKILL_MD_CODES['skill-md-yaml-tag'], `Explicit tag \`${tag}\`${where(scan.tag.path)}.`, at(document, scan.tag.path)));
  }
  if (scan.complexKey) {
    out.push(
      finding(
        SKILL_MD_CODES['skill-md-yaml-complex-key'],
        `A list or map is used as a key${where(scan.complexKey)}.`,
        at(document, scan.complexKey),
      ),
    );
  }
  return out;
}

function at(document: string, path: (string | number)[]) {
  return { document, path: jsonPath(path) };
}

function where(path: (string | number)[]): string {
  return path.length > 0 ? ` at ${jsonPath(path)}` : '';
}

/** An alias to no earlier anchor: `yaml` builds the AST anyway, but resolving it fails everywhere. */
export function unresolvedAliasFinding(scan: YamlScan, document: string): Finding | null {
  if (!scan.unresolved) return null;
  const { path, source } = scan.unresolved;
  const message = `Invalid YAML in the frontmatter: the alias \`*${source.slice(0, 40)}\` at ${jsonPath(path)} refers to no anchor.`;
  return finding(SKILL_MD_CODES['skill-md-yaml-invalid'], message, { document, path: jsonPath(path) });
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
  if (key === null) {
    return finding(
      SKILL_MD_CODES['skill-md-delimiter-in-value'],
      'The frontmatter contains `---`: skills-ref ends the frontmatter there.',
      { document },
    );
  }
  const message = `\`${key.slice(0, 64)}\` contains \`---\`: skills-ref ends the frontmatter there and reads a truncated value.`;
  return finding(SKILL_MD_CODES['skill-md-delimiter-in-value'], message, { document, path: jsonPath([key]) });
}
