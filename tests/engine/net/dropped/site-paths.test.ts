import { describe, expect, it } from 'vitest';
import { droppedSiteFiles, fileForSitePath, readDroppedText, type DroppedFile } from '../../../../utils/engine/net/dropped/site-paths';
import { frontmatterName, nameDroppedFiles } from '../../../../utils/engine/net/dropped/loose-skill-names';
import { bodyText } from '../../../helpers/body-text';

const at = (...paths: string[]) => paths.map((path) => ({ path }));
const found = (files: { path: string }[], sitePath: string) => fileForSitePath(files, sitePath)?.path ?? null;

describe('fileForSitePath', () => {
  const SKILL = '.well-known/agent-skills/find-flowers/SKILL.md';
  it.each<[string, string[], string, string | null]>([
    ['a loose poppy.json', ['poppy.json'], '.well-known/poppy.json', 'poppy.json'],
    ['a picked site folder', ['site/.well-known/poppy.json'], '.well-known/poppy.json', 'site/.well-known/poppy.json'],
    ['a skill in a folder of its name', ['find-flowers/SKILL.md', 'other/SKILL.md'], SKILL, 'find-flowers/SKILL.md'],
    ['the longer tail', ['SKILL.md', 'find-flowers/SKILL.md'], SKILL, 'find-flowers/SKILL.md'],
    ['Windows separators', ['site\\.well-known\\poppy.json'], '.well-known/poppy.json', 'site\\.well-known\\poppy.json'],
    ['two loose SKILL.md files: neither', ['SKILL.md', 'SKILL.md'], SKILL, null],
    ['a name that only ends the same', ['my-poppy.json'], '.well-known/poppy.json', null],
    ['a path longer than the site path', ['x/agent-skills/index.json'], 'agent-skills/index.json', null],
  ])('%s', (_name, paths, sitePath, expected) => {
    expect(found(at(...paths), sitePath)).toBe(expected);
  });
});

describe('readDroppedText', () => {
  const file = (text: string): DroppedFile => {
    const bytes = new TextEncoder().encode(text);
    return { path: 'x.md', size: bytes.byteLength, stream: () => new Blob([bytes]).stream() };
  };
  it('reads the whole text within the cap', async () => {
    expect(await readDroppedText(file('héllo'), 100)).toEqual({ text: 'héllo', cut: false });
  });
  it('stops at the cap and says so', async () => {
    expect(await readDroppedText(file('abcdef'), 4)).toEqual({ text: 'abcd', cut: true });
  });
});

describe('nameDroppedFiles: loose SKILL.md files told apart', () => {
  const ORIGIN = 'https://shop.example';
  const text = (path: string, body: string): DroppedFile => {
    const bytes = new TextEncoder().encode(body);
    return { path, size: bytes.byteLength, stream: () => new Blob([bytes]).stream() };
  };
  const skill = (name: string, extra = '') =>
    text('SKILL.md', `---\nname: ${name}\ndescription: ${name} things.\n${extra}---\n# ${name}\n`);
  const index = (entries: { name: string; url: string }[]) =>
    text(
      'index.json',
      JSON.stringify({ skills: entries.map((e) => ({ ...e, type: 'skill-md', description: 'd', digest: `sha256:${'0'.repeat(64)}` })) }),
    );
  const opened = async (files: DroppedFile[], sitePath: string) => {
    const file = await droppedSiteFiles(files).open(sitePath);
    return file === null ? null : bodyText({ status: 200, url: '', redirected: false, headers: { get: () => null }, body: file.body });
  };

  it('names each bare SKILL.md by its frontmatter name, so each serves its own skill path', async () => {
    const named = await nameDroppedFiles([skill('find-flowers'), skill('check-flower-order')], ORIGIN);
    expect(named.map((f) => f.path)).toEqual(['find-flowers/SKILL.md', 'check-flower-order/SKILL.md']);
    expect(await opened(named, '.well-known/agent-skills/find-flowers/SKILL.md')).toContain('# find-flowers');
    expect(await opened(named, '.well-known/agent-skills/check-flower-order/SKILL.md')).toContain('# check-flower-order');
    // Unnamed, the same two files tie and serve nothing.
    expect(await opened([skill('find-flowers'), skill('check-flower-order')], '.well-known/agent-skills/find-flowers/SKILL.md')).toBeNull();
  });

  it('names a loose file by its own name first (find-flowers.md), and keeps that path', async () => {
    const named = await nameDroppedFiles([text('find-flowers.md', '---\nname: other-name\n---\n'), skill('check-flower-order')], ORIGIN);
    expect(named[0]).toMatchObject({ path: 'find-flowers.md', aliases: ['find-flowers/SKILL.md'] });
    expect(fileForSitePath(named, '.well-known/agent-skills/find-flowers/SKILL.md')?.path).toBe('find-flowers.md');
    expect(fileForSitePath(named, 'skills/find-flowers.md')?.path).toBe('find-flowers.md');
  });

  it("maps a loose SKILL.md to its index entry's URL when the index puts it elsewhere", async () => {
    const files = [index([{ name: 'find-flowers', url: '/skills/v2/flowers.md' }]), skill('find-flowers'), skill('check-flower-order')];
    const named = await nameDroppedFiles(files, ORIGIN);
    expect(named[1]).toMatchObject({ path: 'find-flowers/SKILL.md', aliases: ['skills/v2/flowers.md'] });
    expect(await opened(named, 'skills/v2/flowers.md')).toContain('# find-flowers');
  });

  it('keeps files in folders as they are, and lets a file dropped again replace the earlier one', async () => {
    const inFolder = text('find-flowers/SKILL.md', '---\nname: elsewhere\n---\n');
    const named = await nameDroppedFiles([inFolder, skill('check-flower-order'), skill('check-flower-order', 'license: MIT\n')], ORIGIN);
    expect(named.map((f) => f.path)).toEqual(['find-flowers/SKILL.md', 'check-flower-order/SKILL.md']);
    expect(named[0]).toBe(inFolder);
    expect(await opened(named, '.well-known/agent-skills/check-flower-order/SKILL.md')).toContain('license: MIT');
  });

  it('leaves a loose file with no usable name as it is (two of them still tie)', async () => {
    const files = [text('SKILL.md', '# no frontmatter\n'), text('SKILL.md', '---\nname: Not A Name\n---\n')];
    const named = await nameDroppedFiles(files, ORIGIN);
    expect(named.map((f) => [f.path, f.aliases])).toEqual([
      ['SKILL.md', undefined],
      ['SKILL.md', undefined],
    ]);
  });

  it.each<[string, string, string | null]>([
    ['a plain mapping', '---\nname: find-flowers\n---\n', 'find-flowers'],
    ['YAML the simple reader leaves to the parser', '---\nname: "find-flowers" # quoted\nmetadata: { a: 1 }\n---\n', 'find-flowers'],
    ['a name that breaks the naming rule', '---\nname: Find_Flowers\n---\n', null],
    ['no frontmatter', '# find-flowers\n', null],
    ['a name that is not text', '---\nname: [a, b]\n---\n', null],
  ])('frontmatterName: %s', (_what, body, expected) => {
    expect(frontmatterName(body)).toBe(expected);
  });
});
