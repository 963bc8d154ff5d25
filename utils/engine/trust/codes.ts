import { defineCodes } from '../report/findings';
import { sentence, type Sentence } from '../report/words';
import { ISSUER_METADATA, PROTECTED_RESOURCE, TRUST_WELL_KNOWN } from '../spec';
import type { TrustLinkKind } from './types';

/** The document a finding is about, as the subject of its sentence. */
export const TRUST_DOCUMENT_WORDS: Readonly<Record<TrustLinkKind, Sentence<readonly []>>> = {
  'issuer-metadata': sentence('trust_document_issuer', []),
  'protected-resource': sentence('trust_document_resource', []),
};

/** Why a link was not (fully) checked, as a link's `reason`. */
export const TRUST_REASONS = {
  otherHost: sentence('reason_trust_other_host', ['host']),
  noAddress: sentence('reason_trust_no_address', ['identifier']),
  html: sentence('reason_trust_html', []),
  notJson: sentence('reason_trust_not_json', []),
  notObject: sentence('reason_trust_not_object', []),
};

/** Findings of the sign-in trust chain (D10, poppy-json.md §3.2–3.3). Fail closed: every unreadable link is an error. */
export const TRUST_CODES = defineCodes({
  'trust-not-checked': { severity: 'info', says: ['count', 'hosts'], ourLimit: true },
  'trust-not-in-files': { severity: 'info', says: [], ourLimit: true },
  'trust-blocked': { severity: 'error', says: ['document', 'url', 'detail'] },
  'trust-unreachable': {
    severity: 'error',
    says: ['document', 'url', 'detail'],
    fixes: { issuer: ['suffix'], resource: ['suffix'] },
  },
  'issuer-mismatch': {
    severity: 'error',
    says: { missing: ['field', 'expected'], differs: ['field', 'actual', 'expected', 'position'] },
    hint: { field: ISSUER_METADATA.issuer },
  },
  'domain-not-listed': {
    severity: 'error',
    says: { missing: ['field', 'domain'], absent: ['field', 'domain', 'listed'] },
    hint: { field: ISSUER_METADATA.poppyDomains },
  },
  'missing-endpoint': { severity: 'error', says: { always: ['field'], forType: ['field', 'type'] } },
  'endpoint-not-https': { severity: 'error', says: ['field', 'url'] },
  'resource-mismatch': {
    severity: 'error',
    says: { missing: ['field', 'expected'], differs: ['field', 'actual', 'expected'] },
    hint: { field: PROTECTED_RESOURCE.resource },
  },
  'issuer-not-authorized': {
    severity: 'error',
    says: { missing: ['field', 'issuer'], absent: ['field', 'issuer', 'listed'] },
    hint: { field: PROTECTED_RESOURCE.authorizationServers },
  },
});

/** The well-known suffix each document kind is published under, for the unreachable fixes. */
export const SUFFIX: Readonly<Record<TrustLinkKind, string>> = {
  'issuer-metadata': TRUST_WELL_KNOWN.issuerMetadata,
  'protected-resource': TRUST_WELL_KNOWN.protectedResource,
};
