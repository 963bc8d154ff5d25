import { isObject, kindOf, own, type JsonObject } from '../json/values';
import { EXCLUDED_TASK_TEXT_KEYS, POPPY } from '../spec';
import { LISTS, STRINGS } from './bounds';
import { boundedCopy } from './bounded-copy';
import { POPPY_CODES as C, TASK_TEXT_KEYS } from './codes';
import type { Path, PoppyReader } from './reader';

export interface ExcludedTasks {
  tasks: string[];
  /** A bounded copy of the raw value when its shape was not recognised, else null. */
  raw: unknown;
}

/**
 * `excluded_tasks` has no published shape (poppy-json.md §6, D2): strings, or objects whose
 * first text key names the task. Anything else is shown raw, with one warning.
 */
export function readExcludedTasks(r: PoppyReader, doc: JsonObject): ExcludedTasks {
  const key = POPPY.excludedTasks;
  const value = own(doc, key);
  if (value === undefined) return { tasks: [], raw: null };
  if (!Array.isArray(value)) {
    r.report(C['excluded-tasks-unrecognised'].says.notArray({ field: key, kind: kindOf(value) }), [key]);
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
  const said = C['excluded-tasks-unrecognised'].says.items({
    count: unrecognised.length,
    total: items.length,
    field: key,
    keys: TASK_TEXT_KEYS,
  });
  r.report(said, [key, first]);
  return { tasks, raw: boundedCopy(value) };
}

function taskText(r: PoppyReader, item: unknown, path: Path): string | null {
  if (typeof item === 'string') return r.string(item, path, STRINGS.text);
  if (!isObject(item)) return null;
  for (const textKey of EXCLUDED_TASK_TEXT_KEYS) {
    const text = own(item, textKey);
    if (typeof text === 'string' && text.trim() !== '') return r.string(text, [...path, textKey], STRINGS.text);
  }
  return null;
}
