import type { Change } from '../engine/changes';
import type { Report, SkillReport } from '../engine/report/report';
import type { SkillPreview } from './skill-preview';

/** What the popup shows; the popup entrypoint derives it from the active tab and the worker. */
export type PanelView =
  | { kind: 'loading' }
  /** A page where extensions cannot run (browser pages, the web store, local files). */
  | { kind: 'unsupported'; url: string | null }
  /** Firefox MV3 may withhold host access (D9): the panel offers the grant in one click. */
  | { kind: 'no-permission'; origin: string }
  /** `progress`: skills checked so far, once the check knows how many there are. */
  | { kind: 'checking'; origin: string; previous: Report | null; rawPoppy: string | null; progress: CheckCount | null; quiet: SiteQuiet }
  | { kind: 'report'; report: Report; rawPoppy: string | null; quiet: SiteQuiet; changes?: SiteChanges };

/** What the site publishes differently from the check before (D13). */
export interface SiteChanges {
  since: string;
  list: Change[];
}

export interface CheckCount {
  done: number;
  total: number;
}

/** "Don't check this site automatically" chosen (true) or not; null when automatic checks are off everywhere. */
export type SiteQuiet = boolean | null;

/** Everything the panel can ask of its host; the panel itself never fetches or navigates. */
export interface PanelActions {
  recheck(): void;
  checkOtherHosts(): void;
  /** "Check the remaining N": this site again with the raised skill cap; absent where not offered. */
  checkRemaining?(): void;
  /** "Forget this site": what it published is no longer remembered (D13). */
  forgetSite?(): void;
  grantAccess(): void;
  /** A verified skill-md body as a safe tree, or as its text when too complex; null when unavailable. */
  loadSkillPreview(skill: SkillReport): Promise<SkillPreview | null>;
  copy(text: string): Promise<void>;
  /** The per-site choice and its undo; resolves once stored. */
  setSiteQuiet(quiet: boolean): Promise<void>;
  openSettings(): void;
  /** The full-page report on this site (report.html?site=…); absent on that page itself. */
  openFullReport?(): void;
  /** Opens an `https:` URL in a new tab; links never navigate by themselves. */
  openLink(url: string): void;
}
