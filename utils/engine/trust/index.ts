export { TRUST_CODES, TRUST_DOCUMENT_WORDS, TRUST_REASONS } from './codes';
export { pathInserted, planTrust } from './addresses';
export type { TrustCheck, TrustLink, TrustLinkKind, TrustReport } from './types';
