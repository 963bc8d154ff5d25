import { JsonReader, label, type Path, type ReportOptions } from '../json/reader';
import { clip, isObject, kindOf, own, type JsonObject } from '../json/values';
import { productionOnly, type Said } from '../report/findings';
import type { Param, Words } from '../report/words';
import type { Severity } from '../spec';
import { NAME_MAX, type ListBound, type StringBound } from './bounds';
import { EXPECTED, POPPY_CODES as C } from './codes';

export { label, type Path } from '../json/reader';

/** The document being read and whether the visited site is local (D5/D8). */
export interface ReadContext {
  document: string;
  local: boolean;
}

/**
 * Reads poppy.json one part at a time within its bounds and reports every problem, so one bad
 * part never hides the rest. Absent values read as null without a finding; use `required` where
 * absence is itself a problem.
 */
export class PoppyReader extends JsonReader {
  constructor(readonly ctx: ReadContext) {
    super(ctx.document);
  }

  /** D8: what only production enforces is info on a local site, said as such. */
  reportProduction(said: Said, path: Path): void {
    if (this.ctx.local) this.report(productionOnly(said), path, { severity: 'info' });
    else this.report(said, path);
  }

  required(obj: JsonObject, key: string, path: Path, severity?: Severity): unknown {
    const value = own(obj, key);
    if (value === undefined) {
      const at = [...path, key];
      this.report(C['missing-field'].says({ field: label(at) }), at, severity ? { severity } : {});
    }
    return value;
  }

  wrongType(value: unknown, expected: Param, path: Path, hint?: Words): void {
    const options: ReportOptions = hint ? { hint } : {};
    this.report(C['wrong-type'].says({ field: label(path), expected, actual: kindOf(value) }), path, options);
  }

  object(value: unknown, path: Path): JsonObject | null {
    if (value === undefined) return null;
    if (isObject(value)) return value;
    this.wrongType(value, EXPECTED.object({}), path);
    return null;
  }

  /** Over the bound: a finding, and the first `max` characters with an ellipsis. */
  string(value: unknown, path: Path, bound: StringBound, hint?: Words): string | null {
    if (value === undefined) return null;
    if (typeof value === 'string' && value.length <= bound.max) return value;
    if (typeof value !== 'string') {
      this.wrongType(value, EXPECTED.string({}), path, hint);
      return null;
    }
    this.report(C['value-too-long'].says.value({ field: label(path), length: value.length, max: bound.max }), path);
    return clip(value, bound.max);
  }

  boolean(value: unknown, path: Path): boolean | null {
    if (value === undefined) return null;
    if (typeof value === 'boolean') return value;
    this.wrongType(value, EXPECTED.trueOrFalse({}), path);
    return null;
  }

  /** Over the bound: a finding, and the first `max` items. */
  array(value: unknown, path: Path, bound: ListBound): unknown[] | null {
    if (value === undefined) return null;
    if (Array.isArray(value) && value.length <= bound.max) return value;
    if (!Array.isArray(value)) {
      this.wrongType(value, EXPECTED.array({}), path);
      return null;
    }
    this.tooMany(value.length, bound.max, path);
    return value.slice(0, bound.max);
  }

  /** A key of a map (a scope or extension name): data, so over-long keys are clipped, not dropped. */
  mapKey(key: string, path: Path): string {
    if (key.length <= NAME_MAX) return key;
    this.report(C['value-too-long'].says.name({ field: label(path), length: key.length, max: NAME_MAX }), [...path, key]);
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
    this.report(C['too-many-items'].says({ field: label(path), count, max }), path);
  }
}
