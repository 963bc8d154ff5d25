import { describe, expect, it } from 'vitest';
import { locateInJson, locateInYaml, parseJsonPath, positionAt } from '../../cli/locate';
import { jsonPath } from '../../utils/engine/report/findings';

describe('parseJsonPath', () => {
  it.each<(string | number)[][]>([
    [[]],
    [['skill_index', 'skills', 2, 'digest']],
    [['metadata', 'allowed-tools', 0]],
    [['a "quoted" key', 'x.y', '']],
  ])('reads back what jsonPath wrote: %j', (segments) => expect(parseJsonPath(jsonPath(segments))).toEqual(segments));

  it.each(['', 'skills[0]', '$.', '$[x]', '$.a..b', '$["unterminated]'])('refuses %j', (path) => expect(parseJsonPath(path)).toBeNull());
});

describe('positionAt', () => {
  it('counts LF, CRLF and CR line ends and 1-based columns', () => {
    const text = 'a\nbc\r\nd\re';
    expect([0, 2, 3, 6, 8].map((o) => positionAt(text, o))).toEqual([
      { line: 1, column: 1 },
      { line: 2, column: 1 },
      { line: 2, column: 2 },
      { line: 3, column: 1 },
      { line: 4, column: 1 },
    ]);
  });
});

const INDEX = `{
  "$schema": "x",
  "skills": [
    { "name": "a", "digest": "sha256:00" },
    {
      "name": "b",
      "url": "b/SKILL.md"
    }
  ]
}
`;

describe('locateInJson', () => {
  it('points at a member by its key', () => {
    expect(locateInJson(INDEX, ['skills', 0, 'digest'])).toEqual({ line: 4, column: 20 });
    expect(locateInJson(INDEX, ['skills', 1, 'url'])).toEqual({ line: 7, column: 7 });
  });

  it('points at an array item, and at the nearest part that is there for a missing one', () => {
    expect(locateInJson(INDEX, ['skills', 1])).toEqual({ line: 5, column: 5 });
    expect(locateInJson(INDEX, ['skills', 1, 'digest'])).toEqual({ line: 5, column: 5 });
    expect(locateInJson(INDEX, ['skills', 9, 'name'])).toEqual({ line: 3, column: 3 });
    expect(locateInJson(INDEX, [])).toEqual({ line: 1, column: 1 });
  });

  it('gives nothing for text that is not JSON at all', () => expect(locateInJson('', ['x'])).toBeNull());
});

describe('locateInYaml', () => {
  const yaml = 'name: x\nmetadata:\n  owner: me\nallowed-tools:\n  - Bash\n  - Read\n';
  it('finds keys and list items, shifted to the file line the frontmatter starts on', () => {
    expect(locateInYaml(yaml, 2, ['name'])).toEqual({ line: 2, column: 1 });
    expect(locateInYaml(yaml, 2, ['metadata', 'owner'])).toEqual({ line: 4, column: 3 });
    expect(locateInYaml(yaml, 2, ['allowed-tools', 1])).toEqual({ line: 7, column: 5 });
    expect(locateInYaml(yaml, 2, ['metadata', 'missing'])).toEqual({ line: 3, column: 1 });
    expect(locateInYaml(yaml, 2, [])).toEqual({ line: 2, column: 1 });
  });
});
