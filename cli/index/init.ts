/**
 * A stand-alone index written from SKILL.md files: `index <dir> --init` where there is none, and
 * `index --write` for a site that publishes only the legacy `/.well-known/skills/index.json`
 * (which is left as it is). Folders under `.well-known/agent-skills/` come first, then those under
 * the legacy `.well-known/skills/`; name and description from each frontmatter, entries sorted by
 * name as the reference generators write them. Files are read as `check <dir>` reads them.
 */
import { readdir } from 'node:fs/promises';
import { formatDigest, sha256Hex } from '../../utils/engine/check/digest';
import { checkSkillMd } from '../../utils/engine/skill-md';
import { DEFAULT_LIMITS, SKILL_INDEX_SCHEMAS, WELL_KNOWN } from '../../utils/engine/spec';
import { fileOf } from '../site-dir';
import type { IndexFiles } from './site-access';

export interface InitEntry {
  name: string;
  type: 'skill-md';
  description: string;
  url: string;
  digest: string;
}

export interface InitResult {
  index: { $schema: string; skills: InitEntry[] };
  /** Plain-words notes about skills whose frontmatter lacked something; `needs` marks what the owner must add. */
  notes: { text: string; needs: boolean }[];
}

const SKILL_FILE = 'SKILL.md';
const folderOf = (index: string) => index.replace(/index\.json$/, '');
export const SKILL_FOLDERS = [folderOf(WELL_KNOWN.skillIndex), folderOf(WELL_KNOWN.legacySkillIndex)];

export async function initIndex(dir: string, files: IndexFiles): Promise<InitResult> {
  const skills: InitEntry[] = [];
  const notes: InitResult['notes'] = [];
  const seen = new Set<string>();
  for (const skillsDir of SKILL_FOLDERS) {
    const folders = await readdir(fileOf(dir, skillsDir), { withFileTypes: true }).catch(() => []);
    // Dirent.isDirectory() is false for a link: a linked folder is not the site's own.
    for (const folder of folders.filter((f) => f.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (seen.has(folder.name)) continue;
      const url = `${skillsDir}${encodeURIComponent(folder.name)}/${SKILL_FILE}`;
      const read = await files.read(url.slice(1), DEFAULT_LIMITS.skillMdBytes);
      if (read.kind === 'too-large') notes.push({ text: `${url}: larger than the check reads; left out.`, needs: true });
      if (read.kind !== 'ok') continue;
      seen.add(folder.name);
      const { frontmatter } = checkSkillMd(read.bytes, { document: url, indexName: null, indexDescription: null });
      const name = typeof frontmatter?.name === 'string' ? frontmatter.name : folder.name;
      const description = typeof frontmatter?.description === 'string' ? frontmatter.description : '';
      if (typeof frontmatter?.name !== 'string')
        notes.push({ text: `${url}: no frontmatter name; used the folder name "${folder.name}".`, needs: false });
      if (description === '') notes.push({ text: `${url}: no frontmatter description; the index needs one.`, needs: true });
      skills.push({ name, type: 'skill-md', description, url, digest: formatDigest(await sha256Hex(read.bytes)) });
    }
  }
  skills.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { index: { $schema: SKILL_INDEX_SCHEMAS[0]!, skills }, notes };
}
