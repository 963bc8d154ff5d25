/**
 * Loose SKILL.md files dropped or pasted one by one all arrive as `SKILL.md`: nothing in their
 * path says which skill each is. Each gets a name, from its file name when that is a skill name
 * (`find-flowers.md`), else from its frontmatter `name`, and answers for the site paths that name
 * stands for: `<name>/SKILL.md` (the index's usual layout) and the URL the dropped index gives
 * the entry of that name. Files in folders keep their paths: a folder names its skill.
 */
import type { DroppedFile } from './site-paths';
import { readDroppedText } from './site-paths';
import { sitePathOf } from '../site-files';
import { checkSkillMd } from '../../skill-md';
import { isSkillName } from '../../skill-md/name-rule';
import { parseSkillIndex } from '../../skill-index/parse';
import { DEFAULT_LIMITS, FRONTMATTER_LIMITS, POPPY, SKILL_ENTRY, WELL_KNOWN } from '../../spec';
import { fileForSitePath } from './site-paths';

/** The skill file's own name in the index's layout (`<name>/SKILL.md`). */
export const SKILL_FILE = 'SKILL.md';
const MARKDOWN = /\.md$/i;
/** The frontmatter sits at the top: this many bytes hold it, whatever the body's size. */
const HEAD_BYTES = FRONTMATTER_LIMITS.bytes + 1024;

const segments = (path: string) => path.split(/[\\/]/).filter((s) => s !== '' && s !== '.');

/** A Markdown file with no folder around it: its path cannot say which skill it is. */
const isLoose = (file: DroppedFile) => segments(file.path).length === 1 && MARKDOWN.test(file.path);

/** The `name` of a SKILL.md's frontmatter, when it is a valid skill name: read as the check reads
 *  it (checkSkillMd: the plain-lines reader, else the YAML parser within its budget). */
export function frontmatterName(text: string): string | null {
  const { frontmatter } = checkSkillMd(new TextEncoder().encode(text), { document: '', indexName: null, indexDescription: null });
  const name = frontmatter?.[SKILL_ENTRY.name];
  return typeof name === 'string' && isSkillName(name) ? name : null;
}

/** The skill a loose file is: its file name's stem when that is a skill name, else its frontmatter's. */
async function looseName(file: DroppedFile): Promise<string | null> {
  const stem = segments(file.path)[0]!.replace(MARKDOWN, '');
  if (stem.toUpperCase() !== 'SKILL' && isSkillName(stem)) return stem;
  return frontmatterName((await readDroppedText(file, HEAD_BYTES)).text);
}

/** Site path of each dropped index entry by name (the stand-alone index, then poppy.json's copy). */
async function entryPaths(files: readonly DroppedFile[], origin: string): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  const copies = [
    { path: WELL_KNOWN.skillIndex, max: DEFAULT_LIMITS.indexBytes, pick: (v: unknown) => v },
    { path: WELL_KNOWN.poppy, max: DEFAULT_LIMITS.poppyBytes, pick: (v: unknown) => (v as Record<string, unknown>)[POPPY.skillIndex] },
  ];
  for (const copy of copies) {
    const file = fileForSitePath(files, copy.path.slice(1));
    if (file === null) continue;
    const document = `${origin}${copy.path}`;
    let value: unknown;
    try {
      value = copy.pick(JSON.parse((await readDroppedText(file, copy.max)).text));
    } catch {
      continue; // the check reports it; naming just has nothing to go by
    }
    const context = {
      source: 'well-known' as const,
      document,
      requestedUrl: document,
      pathPrefix: [],
      maxSkills: DEFAULT_LIMITS.maxSkills,
    };
    for (const entry of parseSkillIndex(value, context).entries) {
      const path = entry.url === null ? null : sitePathOf(entry.url, origin);
      if (entry.name !== null && path !== null && !paths.has(entry.name)) paths.set(entry.name, path);
    }
  }
  return paths;
}

/**
 * The files with names: a loose SKILL.md becomes `<name>/SKILL.md` and answers for its index
 * entry's path too; a later file of the same path replaces an earlier one (a file dropped again
 * after an edit). Loose files with no name to go by keep theirs (the engine then finds none).
 */
export async function nameDroppedFiles(files: readonly DroppedFile[], origin: string | null): Promise<DroppedFile[]> {
  const byEntry = origin === null ? new Map<string, string>() : await entryPaths(files, origin);
  const named = await Promise.all(
    files.map(async (file): Promise<DroppedFile> => {
      const name = isLoose(file) ? await looseName(file) : null;
      if (name === null) return file;
      const entry = byEntry.get(name);
      const path = segments(file.path)[0]!.toUpperCase() === SKILL_FILE.toUpperCase() ? `${name}/${SKILL_FILE}` : file.path;
      const aliases = [`${name}/${SKILL_FILE}`, ...(entry === undefined ? [] : [entry])].filter((a) => a !== path);
      return { ...file, path, aliases };
    }),
  );
  // Keyed by path, so the last of a path stays; loose files with no name all stay (they tie).
  const last = new Map<string, DroppedFile>();
  named.forEach((file, i) => {
    const key = file.aliases === undefined && isLoose(file) ? `\0${i}` : file.path;
    last.delete(key);
    last.set(key, file);
  });
  return [...last.values()];
}
