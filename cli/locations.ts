/**
 * For a check of files: each finding's file in the directory and, for a JSON path, its line and
 * column (`.well-known/poppy.json:12:7`), so an owner goes straight to the place to fix.
 */
import { readFile } from 'node:fs/promises';
import { posix, relative, sep } from 'node:path';
import type { Finding } from '../utils/engine/report/findings';
import { sitePathOf } from '../utils/engine/net/site-files';
import { splitSkillMd } from '../utils/engine/skill-md/frontmatter';
import { locateInJson, locateInYaml, parseJsonPath, type Position } from '../utils/engine/report/locate';
import { fileOf } from './site-dir';

export interface FileLocation {
  /** Relative to the current directory, `/`-separated (as SARIF and editors want it). */
  file: string;
  line: number | null;
  column: number | null;
}

/** Where each finding is, by finding; findings about no file in the directory have none. */
export async function locateFindings(findings: readonly Finding[], dir: string, origin: string): Promise<Map<Finding, FileLocation>> {
  const texts = new Map<string, Promise<string | null>>();
  const textOf = (file: string) => {
    let text = texts.get(file);
    if (!text) texts.set(file, (text = readFile(file, 'utf8').catch(() => null)));
    return text;
  };
  const out = new Map<Finding, FileLocation>();
  for (const f of findings) {
    const sitePath = f.document === null ? null : sitePathOf(f.document, origin);
    if (sitePath === null) continue;
    const onDisk = fileOf(dir, `/${sitePath}`);
    const file = relative(process.cwd(), onDisk).split(sep).join(posix.sep);
    const segments = f.path === null ? null : parseJsonPath(f.path);
    const text = segments === null ? null : await textOf(onDisk);
    const position = text === null || segments === null ? null : positionIn(sitePath, text, segments);
    out.set(f, { file, line: position?.line ?? null, column: position?.column ?? null });
  }
  return out;
}

function positionIn(sitePath: string, text: string, segments: (string | number)[]): Position | null {
  if (sitePath.endsWith('.json')) return locateInJson(text, segments);
  if (!sitePath.toLowerCase().endsWith('.md')) return null;
  const split = splitSkillMd(new TextEncoder().encode(text), sitePath);
  return split.yaml === null ? null : locateInYaml(split.yaml, split.firstLine, segments);
}
