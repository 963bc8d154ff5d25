/**
 * `--baseline`: an earlier report to compare a check with (D13). A user file, read whole under
 * BASELINE_BYTES_MAX; anything wrong with it is one line and exit 2, never a crash.
 */
import { open } from 'node:fs/promises';
import { changesBetween, fingerprint, reportSource, type Change } from '../utils/engine/changes';
import type { Report } from '../utils/engine/report/report';
import { reportState } from '../utils/engine/report/state';
import { BASELINE_BYTES_MAX } from '../utils/engine/spec';
import type { SiteFingerprint } from '../utils/engine/changes';

export interface Baseline {
  checkedAt: string;
  fingerprint: SiteFingerprint;
  /** The baseline's check could not read the site: nothing to compare with. */
  unreadable: boolean;
}

export interface ChangesSince {
  since: string;
  changes: Change[];
}

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

/** The file's text, or why it cannot be had. */
export async function readUserFile(path: string): Promise<Read<string>> {
  let file;
  try {
    file = await open(path, 'r');
  } catch (e) {
    return { ok: false, message: `cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? 'error'}` };
  }
  try {
    const { size } = await file.stat();
    if (size > BASELINE_BYTES_MAX) return { ok: false, message: `${path} is over ${BASELINE_BYTES_MAX / 1024 / 1024} MB.` };
    return { ok: true, value: await file.readFile('utf8') };
  } catch (e) {
    return { ok: false, message: `cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? 'error'}` };
  } finally {
    await file.close();
  }
}

/** An earlier `check --json` report. */
export async function readBaseline(path: string): Promise<Read<Baseline>> {
  const file = await readUserFile(path);
  if (!file.ok) return file;
  let value: unknown;
  try {
    value = JSON.parse(file.value);
  } catch {
    return { ok: false, message: `${path} is not JSON: give a report written by check --json.` };
  }
  const source = reportSource(value);
  if (source === null) return { ok: false, message: `${path} is not a report written by check --json.` };
  const state = (value as { state?: unknown }).state;
  return { ok: true, value: { checkedAt: source.checkedAt, fingerprint: fingerprint(source), unreadable: state === 'unreadable' } };
}

/** The changes from the baseline to this check; none when either check could not read the site. */
export function changesSince(baseline: Baseline, report: Report): ChangesSince {
  const comparable = !baseline.unreadable && reportState(report) !== 'unreadable';
  return { since: baseline.checkedAt, changes: comparable ? changesBetween(baseline.fingerprint, fingerprint(report)) : [] };
}
