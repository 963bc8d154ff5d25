import type { Report } from '../engine/report/report';
import type { PanelView } from './panel-types';
import { panelNeedsCheck } from './panel-needs-check';
import { supportedOrigin } from './page-support';
import type { CheckMarker, StoredResult } from './platform/storage';

/** A User Timing mark the popup sets once, when its first report is on screen (the bench reads
 *  it in the real toolbar popup, where no test code can run before the page loads). */
export const SETTLED_MARK = 'poppy-panel-settled';

/** What the popup knows about its tab when it opens, read from the browser and storage. */
export interface PanelInputs {
  /** `tab.url` as the browser reveals it: undefined on pages we may not read. */
  url: string | undefined;
  /** Host access for the tab's origin (for every checked origin when the URL is hidden). */
  hasAccess: boolean;
  result: StoredResult | null;
  marker: CheckMarker | null;
  /** The per-site choice (null: automatic checks are off for every site). */
  quiet: boolean | null;
  /** Epoch milliseconds, for freshness. */
  now: number;
}

/**
 * The panel's view for one tab. A hidden URL with host access granted means a page extensions
 * cannot run on (chrome://, about:, the stores); without host access (Firefox MV3 withheld it,
 * or Chrome's "on click" site access) it means we must ask first.
 */
export function selectPanelView({ url, hasAccess, result, marker, quiet, now }: PanelInputs): PanelView {
  if (url === undefined) return hasAccess ? { kind: 'unsupported', url: null } : { kind: 'no-permission', origin: '' };
  const origin = supportedOrigin(url);
  if (!origin) return { kind: 'unsupported', url };
  if (!hasAccess) return { kind: 'no-permission', origin };
  // A check that panelOpened is about to start counts as running: a report shown now would
  // only be replaced (and look final while its other-host skills still say "not checked").
  if (marker || !result || panelNeedsCheck(result, now)) {
    const progress = marker && marker.total > 0 ? { done: marker.done, total: marker.total } : null;
    return { kind: 'checking', origin, previous: result?.report ?? null, rawPoppy: result?.rawPoppy ?? null, progress, quiet };
  }
  return {
    kind: 'report',
    report: result.report,
    rawPoppy: result.rawPoppy,
    quiet,
    ...(result.changes ? { changes: result.changes } : {}),
  };
}

/**
 * Whether two views show the same thing, so the panel can keep the one on screen: storage tells
 * the panel about every write to its origin's keys (and it reads once more after watching),
 * and building a 200-skill report again for an unchanged result costs as much as its first
 * paint. A report is one check's and never rewritten, so its `checkedAt` (with its target) names
 * it; what else a stored result holds (changes, the raw poppy.json) is compared as it is.
 */
export function sameView(a: PanelView, b: PanelView): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const right = b as Record<string, unknown>;
  return Object.entries(a).every(([key, value]) => {
    const other = right[key];
    if (key === 'report' || key === 'previous') return sameReport(value as Report | null, other as Report | null | undefined);
    if (value === other) return true;
    return typeof value === 'object' && typeof other === 'object' && JSON.stringify(value) === JSON.stringify(other);
  });
}

function sameReport(a: Report | null, b: Report | null | undefined): boolean {
  if (a === null || b === null || b === undefined) return a === b;
  return a === b || (a.checkedAt === b.checkedAt && a.target === b.target);
}
