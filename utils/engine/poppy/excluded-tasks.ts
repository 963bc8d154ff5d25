import { isObject, kindOf, own, type JsonObject } from '../report/json-words';
import { EXCLUDED_TASK_TEXT_KEYS, POPPY } from '../spec';
import { LISTS, STRINGS } from './bounds';
import { boundedCopy } from './bounded-copy';
import { POPPY_CODES } from './codes';
import type { Path, Reader } from './reader';

export interface ExcludedTasks {
  tasks: string[];
  /** A bounded copy of the raw value when its shape was not recognised, else null. */
  raw: unknown;
}

const SHAPES = `a string, or an object with ${EXCLUDED_TASK_TEXT_KEYS.join(', ')}`;

/**
 * `excluded_tasks` has no published shape (poppy-json.md §6, D2): strings, or objects whose
 * first text key names the task. Anything else is shown raw, with one warning.
 */
export function readExcludedTasks(r: Reader, doc: JsonObject): ExcludedTasks {
  const key = POPPY.excludedTasks;
  const value = own(doc, key);
  if (value === undefined) return { tasks: [], raw: null };
  if (!Array.isArray(value)) {
    r.report(POPPY_CODES['excluded-tasks-unrecognised'], `${key} is ${kindOf(value)}, not an array; it is shown as raw JSON.`, [key]);
    return { tasks: [], raw: boundedCopy(value) };
  }
  const items = r.array(value, [key], LISTS.excludedTasks) ?? [];
  const tasks: string[] = [];
  const unrecognised: number[] = [];
  items.forEach((item, i) => {
    const text = taskText(r, item, [key, i]);
    if (text === null) unrecognised.push(i);
    else tasks.push(text);
  });
  const first = unrecognised[0];
  if (first === undefined) return { tasks, raw: null };
  const message = `${unrecognised.length} of ${items.length} items of ${key} are not ${SHAPES}; the list is shown as raw JSON.`;
  r.report(POPPY_CODES['excluded-tasks-unrecognised'], message, [key, first]);
  return { tasks, raw: boundedCopy(value) };
}

function taskText(r: Reader, item: unknown, path: Path): string | null {
  if (typeof item === 'string') return r.string(item, path, STRINGS.text);
  if (!isObject(item)) return null;
  for (const textKey of EXCLUDED_TASK_TEXT_KEYS) {
    const text = own(item, textKey);
    if (typeof text === 'string' && text.trim() !== '') return r.string(text, [...path, textKey], STRINGS.text);
  }
  return null;
}
