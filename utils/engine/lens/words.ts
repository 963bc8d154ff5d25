import type { LensAskKind } from '../report/report';
import { sentence, type Sentence } from '../report/words';

/** The lens's lines (D12), the same in the panel, the report page, the command line and the exports. */
export const LENS_WORDS = {
  title: sentence('lensTitle', []),
  note: sentence('lensNote', []),
  nothing: sentence('lensNothing', []),
  commands: sentence('lensCommands', []),
  hosts: sentence('lensHosts', []),
  notChecked: sentence('lensNotChecked', []),
  saysLimits: sentence('lensSaysLimits', []),
  noLimits: sentence('lensNoLimits', []),
  cut: sentence('lensCut', []),
  passages: sentence('lensPassages', []),
  line: sentence('lensLine', ['line']),
  reads: sentence('lensReads', []),
};

/** One line per kind of ask. */
export const LENS_ASK_WORDS: Record<LensAskKind, Sentence<readonly []>> = {
  credentials: sentence('lensAskCredentials', []),
  approval: sentence('lensAskApproval', []),
  'hidden-comment': sentence('lensAskHiddenComment', []),
  'hidden-characters': sentence('lensAskHiddenCharacters', []),
  'data-in-url': sentence('lensAskDataInUrl', []),
  'scope-not-offered': sentence('lensAskScopeNotOffered', []),
  'operation-not-defined': sentence('lensAskOperationNotDefined', []),
  'runs-commands': sentence('lensAskRunsCommands', []),
  'other-host': sentence('lensAskOtherHost', []),
};
