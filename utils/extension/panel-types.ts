import type { Report, SkillReport } from '../engine/report/report';
import type { SafeNode } from '../engine/markdown/types';

/** What the popup shows; the popup entrypoint derives it from the active tab and the worker. */
export type PanelView =
  | { kind: 'loading' }
  /** A page where extensions cannot run (browser pages, the web store, local files). */
  | { kind: 'unsupported'; url: string | null }
  /** Firefox MV3 may withhold host access (D9): the panel offers the grant in one click. */
  | { kind: 'no-permission'; origin: string }
  | { kind: 'checking'; origin: string; previous: Report | null }
  | { kind: 'report'; report: Report; rawPoppy: string | null };

/** Everything the panel can ask of its host; the panel itself never fetches or navigates. */
export interface PanelActions {
  recheck(): void;
  checkOtherHosts(): void;
  grantAccess(): void;
  /** The safe tree of a verified skill-md body, parsed in the worker; null when unavailable. */
  loadSkillTree(skill: SkillReport): Promise<SafeNode[] | null>;
  copy(text: string): Promise<void>;
  /** Opens an `https:` URL in a new tab; links never navigate by themselves. */
  openLink(url: string): void;
}
