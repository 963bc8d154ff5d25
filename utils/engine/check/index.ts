export { checkSite, targetOrigin, type CheckResult } from './check-site';
export type { BodyCache, CheckDeps, CheckProgress, Sha256 } from './context';
export { ENGINE_CODES } from './codes';
export { MISMATCH_CAUSE_WORDS, describeCauses } from '../report/mismatch-words';
