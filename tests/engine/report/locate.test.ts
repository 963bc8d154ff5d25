import { describe, expect, it } from 'vitest';
import { lineLocator, locateInJson, locateInYaml, parseJsonPath, positionAt } from '../../../utils/engine/report/locate';
import { LOCATE_MAX_CHARS } from '../../../utils/engine/spec';
import { jsonPath } from '../../../utils/engine/report/findings';

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

describe('lineLocator', () => {
  it('finds many paths in one JSON text, a missing one at its nearest part, across CRLF line ends', () => {
    const line = lineLocator(INDEX.replace(/\n/g, '\r\n'), 'json');
    expect([jsonPath(['skills', 0, 'digest']), jsonPath(['skills', 1, 'url']), jsonPath(['skills', 1, 'digest']), '$'].map(line)).toEqual([
      4, 7, 5, 1,
    ]);
    expect([line(null), line('not a path')]).toEqual([null, null]);
  });

  it("finds a SKILL.md frontmatter key on the file's own line", () => {
    const line = lineLocator('---\nname: x\nmetadata:\n  owner: me\n---\n# Title\n', 'skill-md');
    expect([line('$.name'), line('$.metadata.owner'), line('$.description')]).toEqual([2, 4, null]);
    expect(lineLocator('# no frontmatter\n', 'skill-md')('$.name')).toBeNull();
  });

  it('gives no line for hostile text: nesting too deep to walk, or past LOCATE_MAX_CHARS', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(() => lineLocator(deep, 'json')('$[0]')).not.toThrow();
    const long = `{"a": "${'x'.repeat(LOCATE_MAX_CHARS)}"}`;
    expect(lineLocator(long, 'json')('$.a')).toBeNull();
    expect(lineLocator('{"a": ', 'json')('$.a')).toBe(1);
  });
});
