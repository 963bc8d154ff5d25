import { describe, expect, it } from 'vitest';
import { CUT } from '../../../utils/engine/poppy/bounded-copy';
import { MAX_EXCLUDED_TASKS } from '../../../utils/engine/poppy/bounds';
import { expectWellFormed, parse, REQUESTED, variant } from './poppy-example';
import { english } from '../../helpers/english';

const withTasks = (value: unknown) => parse(variant((d) => (d.excluded_tasks = value)));

describe('excluded_tasks (poppy-json.md §6, D2)', () => {
  it.each([
    ['strings', ['Close the account', 'Delete data'], ['Close the account', 'Delete data']],
    ['objects with description', [{ description: 'Close the account' }], ['Close the account']],
    ['objects with task', [{ task: 'close-account' }], ['close-account']],
    ['objects with name', [{ name: 'Close' }], ['Close']],
    ['objects with title', [{ title: 'Close' }], ['Close']],
    ['description before task, name and title', [{ title: 't', name: 'n', task: 'k', description: 'd' }], ['d']],
    ['task before name and title', [{ title: 't', name: 'n', task: 'k' }], ['k']],
    ['the first key that holds text', [{ description: 5, task: '', name: 'n' }], ['n']],
    ['a mix of strings and objects', ['a', { task: 'b' }], ['a', 'b']],
    ['an empty list', [], []],
  ])('shows %s', (_name, value, tasks) => {
    const r = withTasks(value);
    expect(r.findings).toEqual([]);
    expect(r.model.excludedTasks).toEqual(tasks);
    expect(r.model.excludedTasksRaw).toBeNull();
  });

  it.each([
    ['an object', { close: 'Close the account' }, '$.excluded_tasks', []],
    ['a string', 'Close the account', '$.excluded_tasks', []],
    ['a number', 3, '$.excluded_tasks', []],
    ['null', null, '$.excluded_tasks', []],
    ['items of other shapes', ['Close', 7, { id: 'x' }], '$.excluded_tasks[1]', ['Close']],
    ['nested arrays', [['Close']], '$.excluded_tasks[0]', []],
  ])('warns about %s and keeps the raw value', (_name, value, path, tasks) => {
    const r = withTasks(value);
    expect(r.findings.map((f) => [f.code, f.severity, f.path])).toEqual([['excluded-tasks-unrecognised', 'warning', path]]);
    expect(r.model.excludedTasks).toEqual(tasks);
    expect(r.model.excludedTasksRaw).toEqual(value);
  });

  it('counts the unrecognised items in one warning', () => {
    const r = withTasks(['a', 1, 2, { x: 1 }]);
    expect(r.findings).toHaveLength(1);
    expect(english(r.findings[0]!.message)).toMatch(/^3 of 4 items of excluded_tasks are not/);
  });

  it('keeps the first 500 of 100 000 tasks', () => {
    const r = withTasks(Array.from({ length: 100_000 }, (_, i) => `task ${i}`));
    expect(r.model.excludedTasks).toHaveLength(MAX_EXCLUDED_TASKS);
    expect(r.model.excludedTasks.at(-1)).toBe(`task ${MAX_EXCLUDED_TASKS - 1}`);
    expect(r.findings.map((f) => [f.code, f.path])).toEqual([['too-many-items', '$.excluded_tasks']]);
  });

  it('bounds the raw copy of a huge unrecognised value', () => {
    const r = withTasks(Array.from({ length: 100_000 }, (_, i) => i));
    const raw = r.model.excludedTasksRaw as unknown[];
    expect(raw.length).toBeLessThanOrEqual(51);
    expect(raw.at(-1)).toBe(CUT);
    expect(JSON.stringify(r.model).length).toBeLessThan(10_000);
  });

  it('bounds the raw copy of a value nested 10 000 deep', () => {
    const deep = JSON.parse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    const r = withTasks(deep);
    expect(JSON.stringify(r.model.excludedTasksRaw)).toBe(`${'['.repeat(6)}"${CUT}"${']'.repeat(6)}`);
    expectWellFormed(r, REQUESTED);
  });

  it('bounds the raw copy in total size, not only in depth and width', () => {
    // 50 wide and 5 deep is 312 million leaves; shared arrays make it cheap to build here.
    let wide: unknown = 1;
    for (let i = 0; i < 5; i++) wide = Array(50).fill(wide);
    const r = withTasks(wide);
    expect(JSON.stringify(r.model.excludedTasksRaw).length).toBeLessThan(20_000);
  });

  it('keeps a __proto__ key in the raw copy as plain data', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "constructor": "x"}');
    const raw = withTasks(value).model.excludedTasksRaw as Record<string, unknown>;
    expect(Object.keys(raw)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(raw)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
