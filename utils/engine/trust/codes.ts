import { defineCodes } from '../report/findings';
import { sentence, type Sentence } from '../report/words';
import { ISSUER_METADATA, LATEST_PROTOCOL_MAJOR, PROTECTED_RESOURCE, TRUST_WELL_KNOWN } from '../spec';
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

/** The latest protocol version whose rules we know, as people write it ("1.0"). */
export const LATEST_VERSION = `${LATEST_PROTOCOL_MAJOR}.0`;

/**
 * Findings of the sign-in trust chain (D10, poppy-json.md §3.2–3.3). Fail closed: every unreadable
 * required link is an error. `versions` says which protocol versions' documents a rule applies
 * to; which links a version requires is `PROTOCOL_MAJORS` in spec.ts.
 */
export const TRUST_CODES = defineCodes({
  'trust-not-checked': { severity: 'info', says: ['count', 'hosts'], ourLimit: true },
  'trust-not-in-files': { severity: 'info', says: [], ourLimit: true },
  'trust-rules-assumed': {
    severity: 'info',
    says: { newer: ['version', 'latest'], unreadable: ['latest'] },
    hint: { latest: LATEST_VERSION },
    ourLimit: true,
    versions: 'unknown',
  },
  'trust-blocked': { severity: 'error', says: ['document', 'url', 'detail'], versions: 'all' },
  'trust-unreachable': {
    severity: 'error',
    says: ['document', 'url', 'detail'],
    fixes: { issuer: ['suffix'], resource: ['suffix'], company: ['suffix'] },
    versions: 'all',
  },
  'company-resource-missing': {
    severity: 'info',
    says: ['url', 'detail'],
    hint: { suffix: TRUST_WELL_KNOWN.protectedResource },
    versions: '0.x',
  },
  'issuer-mismatch': {
    severity: 'error',
    says: { missing: ['field', 'expected'], differs: ['field', 'actual', 'expected', 'position'] },
    hint: { field: ISSUER_METADATA.issuer },
    versions: 'all',
  },
  'domain-not-listed': {
    severity: 'error',
    says: { missing: ['field', 'domain'], absent: ['field', 'domain', 'listed'] },
    hint: { field: ISSUER_METADATA.poppyDomains },
    versions: 'all',
  },
  'missing-endpoint': { severity: 'error', says: { always: ['field'], forType: ['field', 'type'] }, versions: 'all' },
  'endpoint-not-https': { severity: 'error', says: ['field', 'url'], versions: 'all' },
  'resource-mismatch': {
    severity: 'error',
    says: { missing: ['field', 'expected'], differs: ['field', 'actual', 'expected'] },
    hint: { field: PROTECTED_RESOURCE.resource },
    versions: 'all',
  },
  'company-resource-names-api': {
    severity: 'warning',
    says: ['field', 'actual', 'expected'],
    hint: { field: PROTECTED_RESOURCE.resource },
    versions: '0.x',
  },
  'issuer-not-authorized': {
    severity: 'error',
    says: { missing: ['field', 'issuer'], absent: ['field', 'issuer', 'listed'] },
    hint: { field: PROTECTED_RESOURCE.authorizationServers },
    versions: 'all',
  },
});

/** The well-known suffix each document kind is published under, for the unreachable fixes. */
export const SUFFIX: Readonly<Record<TrustLinkKind, string>> = {
  'issuer-metadata': TRUST_WELL_KNOWN.issuerMetadata,
  'protected-resource': TRUST_WELL_KNOWN.protectedResource,
};
