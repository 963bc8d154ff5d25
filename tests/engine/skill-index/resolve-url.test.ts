import { describe, expect, it } from 'vitest';
import { parseSkillIndex, type IndexContext } from '../../../utils/engine/skill-index';
import { allInEnglish, english } from '../../helpers/english';

const V020 = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
const HELLO = 'sha256:90f8ec5669cd34183b9b0fdf8b94f5efb4c3672876330f4aa76088c2b4ad17be';
const one = (url: string) => ({ $schema: V020, skills: [{ name: 'my-skill', description: 'd', type: 'skill-md', url, digest: HELLO }] });

function ctx(document: string, requestedUrl = document, pathPrefix: (string | number)[] = []): IndexContext {
  return { source: pathPrefix.length ? 'poppy' : 'well-known', document, requestedUrl, pathPrefix, maxSkills: 200 };
}
const INDEX = 'https://shop.example/.well-known/agent-skills/index.json';
const POPPY = 'https://shop.example/.well-known/poppy.json';
const HOSTED = 'https://host.example/v1/channels/abc/poppy/poppy.json?domain=shop.example';

describe('resolving entry urls (agent-skills-index.md §5)', () => {
  it.each([
    // [document, url, resolved]
    [INDEX, 'https://cdn.example.net/x/SKILL.md', 'https://cdn.example.net/x/SKILL.md'],
    [INDEX, '/.well-known/agent-skills/x/SKILL.md', 'https://shop.example/.well-known/agent-skills/x/SKILL.md'],
    [INDEX, 'x/SKILL.md', 'https://shop.example/.well-known/agent-skills/x/SKILL.md'],
    [POPPY, 'agent-skills/x/SKILL.md', 'https://shop.example/.well-known/agent-skills/x/SKILL.md'],
    [POPPY, 'x/SKILL.md', 'https://shop.example/.well-known/x/SKILL.md'],
    [INDEX, '  x/SKILL.md  ', 'https://shop.example/.well-known/agent-skills/x/SKILL.md'],
    [INDEX, 'x/\tSKILL.md', 'https://shop.example/.well-known/agent-skills/x/SKILL.md'],
    [INDEX, '\\\\evil.example\\x', 'https://evil.example/x'],
    [INDEX, '%2e%2e/x', 'https://shop.example/.well-known/x'],
    [INDEX, '../../x', 'https://shop.example/x'],
    [INDEX, 'data:text/plain,hi', 'data:text/plain,hi'],
    [INDEX, 'javascript:alert(1)', 'javascript:alert(1)'],
    [INDEX, 'ftp://files.example/x', 'ftp://files.example/x'],
  ])('against %s, %j → %s', (document, url, resolved) => {
    const r = parseSkillIndex(one(url), ctx(document));
    expect(r.entries[0]).toMatchObject({ status: 'pending', rawUrl: url, url: resolved });
  });

  it('resolves against the final URL after a redirect and says when the requested URL gives another file', () => {
    const r = parseSkillIndex(one('agent-skills/x/SKILL.md'), ctx(HOSTED, POPPY, ['skill_index']));
    expect(r.entries[0]!.url).toBe('https://host.example/v1/channels/abc/poppy/agent-skills/x/SKILL.md');
    const differs = r.findings.find((f) => f.code === 'url-base-differs');
    expect(differs).toMatchObject({ severity: 'info', path: '$.skill_index.skills[0].url', document: HOSTED });
    expect(english(differs!.message)).toContain('https://shop.example/.well-known/agent-skills/x/SKILL.md');
    // The artifact now lives on the provider's host, not on the site: say so.
    expect(allInEnglish(r.findings)).toContainEqual(
      expect.objectContaining({ code: 'artifact-other-origin', message: expect.stringContaining('https://host.example') }),
    );
  });

  it('stays quiet about the base when a redirect does not change the result', () => {
    const redirected = ctx('https://shop.example/.well-known/agent-skills/index.json?v=2', INDEX);
    expect(parseSkillIndex(one('x/SKILL.md'), redirected).findings).toEqual([]);
    expect(parseSkillIndex(one('https://shop.example/x/SKILL.md'), ctx(HOSTED, POPPY)).findings.map((f) => f.code)).toEqual([]);
  });

  it('names the artifact origin against the site asked for, not the redirect target', () => {
    const r = parseSkillIndex(one('https://cdn.example.net/x/SKILL.md'), ctx(INDEX));
    expect(allInEnglish(r.findings)).toEqual([
      expect.objectContaining({
        code: 'artifact-other-origin',
        severity: 'info',
        message: 'The artifact is on https://cdn.example.net, not on https://shop.example.',
      }),
    ]);
  });

  it.each([
    ['../../x', ['url-leaves-skills-dir']],
    ['%2e%2e/%2E%2E/x', ['url-encoded-dots', 'url-leaves-skills-dir']],
    ['../agent-skills/x', []],
    ['x/../y/SKILL.md', []],
    ['https://cdn.example.net/../x', ['artifact-other-origin']],
  ])('%j → %j', (url, codes) => {
    expect(parseSkillIndex(one(url), ctx(INDEX)).findings.map((f) => f.code)).toEqual(codes);
  });

  it('reports a backslash even when the result is on another host, and shows where it goes', () => {
    const r = parseSkillIndex(one('\\\\evil.example\\x'), ctx(INDEX));
    expect(r.findings.map((f) => [f.code, f.severity])).toEqual([
      ['url-backslash', 'warning'],
      ['artifact-other-origin', 'info'],
    ]);
    expect(english(r.findings[0]!.message)).toContain('https://evil.example/x');
  });
});
