/** The Agent Skills discovery index: embedded in poppy.json, stand-alone, and legacy v0.1. */
export { SKILL_INDEX_CODES } from './codes';
export { compareIndexes, mergeIndexes, type MergedEntry } from './compare';
export { parseLegacyIndex } from './legacy';
export { parsedEntryUrl } from './entry';
export { parseSkillIndex } from './parse';
export type { EntryStatus, IndexContext, IndexEntry, IndexFormat, IndexParse, IndexSource } from './types';
