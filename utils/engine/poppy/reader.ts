import { finding, jsonPath, type Finding, type FindingSpec, type FindingWhere } from '../report/findings';
import { clip, isObject, kindOf, own, type JsonObject } from '../report/json-words';
import type { Severity } from '../spec';
import { BOOLEAN, NAME_MAX, type ListBound, type StringBound } from './bounds';
import { POPPY_CODES } from './codes';

export type Path = readonly (string | number)[];

/** The document being read and whether the visited site is local (D5/D8). */
export interface ReadContext {
  document: string;
  local: boolean;
}

function clippedPath(path: Path): string {
  return jsonPath(path.map((s) => (typeof s === 'string' ? clip(s, NAME_MAX) : s)));
}

/** `['apis', 3, 'type']` → `apis[3].type`, for messages. */
export function label(path: Path): string {
  return clippedPath(path).replace(/^\$\.?/, '');
}

/**
 * Reads one part at a time with bounded zod schemas and turns every problem into a finding, so
 * one bad part never hides the rest. Absent values read as null without a finding; use
 * `required` where absence is itself a problem.
 */
export class Reader {
  readonly findings: Finding[] = [];
  constructor(readonly ctx: ReadContext) {}

  report(spec: FindingSpec, message: string, path: Path, extra: { severity?: Severity; hint?: string } = {}): void {
    const where: FindingWhere = { document: this.ctx.document, path: clippedPath(path) };
    if (extra.severity) where.severity = extra.severity;
    if (extra.hint) where.hint = extra.hint;
    this.findings.push(finding(spec, message, where));
  }

  required(obj: JsonObject, key: string, path: Path, severity?: Severity): unknown {
    const value = own(obj, key);
    if (value === undefined) {
      const at = [...path, key];
      this.report(POPPY_CODES['missing-field'], `${label(at)} is missing.`, at, severity ? { severity } : {});
    }
    return value;
  }

  wrongType(value: unknown, expected: string, path: Path, hint?: string): void {
    this.report(POPPY_CODES['wrong-type'], `${label(path)} should be ${expected}, not ${kindOf(value)}.`, path, hint ? { hint } : {});
  }

  object(value: unknown, path: Path): JsonObject | null {
    if (value === undefined) return null;
    if (isObject(value)) return value;
    this.wrongType(value, 'an object', path);
    return null;
  }

  /** Over the bound: a finding, and the first `max` characters with an ellipsis. */
  string(value: unknown, path: Path, bound: StringBound, hint?: string): string | null {
    if (value === undefined) return null;
    const parsed = bound.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    if (typeof value !== 'string') {
      this.wrongType(value, 'a string', path, hint);
      return null;
    }
    this.report(POPPY_CODES['value-too-long'], `${label(path)} is ${value.length} characters long; at most ${bound.max} are shown.`, path);
    return clip(value, bound.max);
  }

  boolean(value: unknown, path: Path): boolean | null {
    if (value === undefined) return null;
    const parsed = BOOLEAN.safeParse(value);
    if (parsed.success) return parsed.data;
    this.wrongType(value, 'true or false', path);
    return null;
  }

  /** Over the bound: a finding, and the first `max` items. */
  array(value: unknown, path: Path, bound: ListBound): unknown[] | null {
    if (value === undefined) return null;
    const parsed = bound.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    if (!Array.isArray(value)) {
      this.wrongType(value, 'an array', path);
      return null;
    }
    this.tooMany(value.length, bound.max, path);
    return value.slice(0, bound.max);
  }

  /** A key of a map (a scope or extension name): data, so over-long keys are clipped, not dropped. */
  mapKey(key: string, path: Path): string {
    if (key.length <= NAME_MAX) return key;
    this.report(
      POPPY_CODES['value-too-long'],
      `A name in ${label(path)} is ${key.length} characters long; at most ${NAME_MAX} are shown.`,
      [...path, key],
    );
    return clip(key, NAME_MAX);
  }

  /** Map entries in document order, at most `max` of them. */
  entries(obj: JsonObject, path: Path, max: number): [string, unknown][] {
    const all = Object.entries(obj);
    if (all.length <= max) return all;
    this.tooMany(all.length, max, path);
    return all.slice(0, max);
  }

  tooMany(count: number, max: number, path: Path): void {
    this.report(POPPY_CODES['too-many-items'], `${label(path)} has ${count} items; only the first ${max} are checked and shown.`, path);
  }
}
