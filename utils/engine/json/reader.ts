import { finding, jsonPath, type Finding, type Said } from '../report/findings';
import type { Words } from '../report/words';
import type { Severity } from '../spec';
import { clip } from './values';

export type Path = readonly (string | number)[];

/** Keys are data: a 1 MB key must not make a 1 MB path. */
export const PATH_KEY_MAX = 256;

function clippedPath(path: Path): string {
  return jsonPath(path.map((s) => (typeof s === 'string' ? clip(s, PATH_KEY_MAX) : s)));
}

/** `['apis', 3, 'type']` → `apis[3].type`, for messages. */
export function label(path: Path): string {
  return clippedPath(path).replace(/^\$\.?/, '');
}

export interface ReportOptions {
  severity?: Severity;
  hint?: Words;
  skill?: string;
}

/**
 * The one way site JSON is read (poppy.json and every skill index): readers walk the document
 * part by part and report each problem here, at its path, so one bad part never hides the rest.
 * Pure rules (a name, a digest) return what they would say (`Said`) and the reader reports it.
 */
export class JsonReader {
  readonly findings: Finding[] = [];
  constructor(readonly document: string) {}

  report(said: Said, path: Path | null, options: ReportOptions = {}): void {
    this.findings.push(this.make(said, path, options));
  }

  /** For what decides how the rest reads (an index's format): listed before what was found so far. */
  reportFirst(said: Said, path: Path | null, options: ReportOptions = {}): void {
    this.findings.unshift(this.make(said, path, options));
  }

  private make(said: Said, path: Path | null, options: ReportOptions): Finding {
    return finding(said, { document: this.document, path: path === null ? null : clippedPath(path), ...options });
  }
}
