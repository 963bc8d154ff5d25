export { checkSite, targetOrigin, type CheckResult } from './check-site';
export type { CheckDeps, CheckProgress, Sha256 } from './context';
export { inMemorySkillMemory, type Kept, type Remembered, type SkillMemory } from './memory';
export { ENGINE_CODES } from './codes';
export { MISMATCH_CAUSE_WORDS, describeCauses } from '../report/mismatch-words';
