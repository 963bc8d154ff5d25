import { describe, expect, it } from 'vitest';
import { fileForSitePath, readDroppedText, type DroppedFile } from '../../../utils/engine/net/dropped-files';

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
