export { LENS_CODES } from './codes';
export { judgeLens, NO_OFFER, type LensOffer } from './judge';
export { readOpenApi, definesOperation, type ApiOperations } from './openapi';
export { mergeScans, scanSkillText, type LensScan } from './scan';
export type { LensPassage } from './types';
export { LENS_WORDS, LENS_ASK_WORDS } from './words';
export { lensLines, type LensLine } from './view';
