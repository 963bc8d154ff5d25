export { fingerprint, type FingerprintSource, type SiteFingerprint, type SkillMark, type ApiMark } from './fingerprint';
export { changesBetween, type Change, type ChangeKind, type EarlierFingerprint, type TextOf } from './changes';
export { lineDiff, type DiffLine, type LineDiff } from './line-diff';
export { changeWords, CHANGED_SINCE, CHANGED_SINCE_BASELINE, NOTHING_CHANGED } from './words';
export { reportSource } from './baseline';
export { changesToJson, changesToMarkdown, changesToSarif, type ChangeJson } from './export';
