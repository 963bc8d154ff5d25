/**
 * `index <dir> --init`: a stand-alone index written from the SKILL.md files under
 * `.well-known/agent-skills/<folder>/`, name and description from each frontmatter, entries
 * sorted by name as the reference generators write them.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatDigest, sha256Hex } from '../../utils/engine/check/digest';
import { checkSkillMd } from '../../utils/engine/skill-md';
import { SKILL_INDEX_SCHEMAS, WELL_KNOWN } from '../../utils/engine/spec';
import { fileOf } from '../site-dir';

export interface InitEntry {
  name: string;
  type: 'skill-md';
  description: string;
  url: string;
  digest: string;
}

export interface InitResult {
  index: { $schema: string; skills: InitEntry[] };
  /** Plain-words notes about skills whose frontmatter lacked something. */
  notes: string[];
}

const SKILL_FILE = 'SKILL.md';

export async function initIndex(dir: string): Promise<InitResult> {
  const skillsDir = WELL_KNOWN.skillIndex.replace(/index\.json$/, '');
  const folders = await readdir(fileOf(dir, skillsDir), { withFileTypes: true }).catch(() => []);
  const skills: InitEntry[] = [];
  const notes: string[] = [];
  for (const folder of folders.filter((f) => f.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const bytes = await readFile(join(fileOf(dir, skillsDir), folder.name, SKILL_FILE)).catch(() => null);
    if (bytes === null) continue;
    const url = `${skillsDir}${encodeURIComponent(folder.name)}/${SKILL_FILE}`;
    const { frontmatter } = checkSkillMd(new Uint8Array(bytes), { document: url, indexName: null, indexDescription: null });
    const name = typeof frontmatter?.name === 'string' ? frontmatter.name : folder.name;
    const description = typeof frontmatter?.description === 'string' ? frontmatter.description : '';
    if (typeof frontmatter?.name !== 'string') notes.push(`${url}: no frontmatter name; used the folder name "${folder.name}".`);
    if (description === '') notes.push(`${url}: no frontmatter description; the index needs one.`);
    skills.push({ name, type: 'skill-md', description, url, digest: formatDigest(await sha256Hex(new Uint8Array(bytes))) });
  }
  skills.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { index: { $schema: SKILL_INDEX_SCHEMAS[0]!, skills }, notes };
}
