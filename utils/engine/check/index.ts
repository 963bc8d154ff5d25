export { checkSite, targetOrigin, type CheckResult } from './check-site';
export type { BodyCache, CheckDeps, CheckProgress } from './context';
export { ENGINE_CODES } from './codes';
export { MISMATCH_CAUSE_WORDS, describeCauses } from '../report/mismatch-words';
