import { formatBytes, formatMs } from '../net/fetch-bounded';
import { defineCodes } from '../report/findings';
import { sentence } from '../report/words';
import { DEFAULT_LIMITS, MEDIA_TYPES, WELL_KNOWN } from '../spec';

const { timeoutMs, poppyBytes, skillMdBytes, archiveBytes, checkMs, siteBytes } = DEFAULT_LIMITS;

/** "Skill x could not be read: HTTP 404." whichever way the fetch failed. */
const SKILL_NOT_READ = sentence('finding_skill_not_read', ['skill', 'detail']);

/** Findings about fetching: documents and skill files that could not be read, redirects, CORS. */
export const ENGINE_CODES = defineCodes({
  'site-unreachable': {
    severity: 'error',
    says: {
      noAnswer: ['origin', 'detail'],
      timeout: ['origin', 'time'],
      refused: ['address'],
      dns: ['host'],
      tlsProtocol: ['address'],
      tlsUntrusted: ['address'],
      tlsExpired: ['address'],
      tlsName: ['address'],
    },
    fixes: { local: [], refused: [], reset: [], dns: [], tlsProtocol: ['url'], tlsUntrusted: [], tlsExpired: [], tlsName: [] },
  },
  'no-poppy-json': { severity: 'info', says: [], hint: { path: WELL_KNOWN.poppy } },
  'no-skill-index': { severity: 'info', says: ['path'], hint: { path: WELL_KNOWN.skillIndex } },
  // Files checked before publishing: one not given is the user's choice, not the site's 404.
  'file-not-provided': { severity: 'info', says: { document: ['path'], skill: ['skill', 'path'] } },
  'document-unreachable': {
    severity: 'error',
    says: { status: ['detail'], noAnswer: ['detail'] },
    hint: { time: formatMs(timeoutMs) },
  },
  'document-too-large': { severity: 'error', says: ['detail'], hint: { poppy: formatBytes(poppyBytes) } },
  // D5: an index past its byte cap (derived from the skill cap) is our limit, like the skill cap.
  'index-too-large': { severity: 'warning', ourLimit: true, says: { read: ['read', 'count'], none: ['read'] } },
  'document-redirected': { severity: 'info', says: ['from', 'to'] },
  'insecure-redirect': { severity: 'error', says: { refused: ['detail'], hop: ['from', 'to'] } },
  'redirect-blocked': { severity: 'error', says: ['detail'] },
  // D5: an automatic check contacts only the visited origin, redirect hops included.
  'redirect-not-followed': { severity: 'info', says: ['url', 'host'], ourLimit: true },
  'missing-cors': { severity: 'warning', says: [] },
  'missing-cache-control': { severity: 'info', says: [] },
  'skill-blocked': { severity: 'error', says: { notFetched: ['skill', 'detail'], notRead: SKILL_NOT_READ } },
  'skill-unreachable': { severity: 'error', says: SKILL_NOT_READ },
  'skill-no-cors': { severity: 'error', says: ['skill'] },
  'skill-too-large': {
    severity: 'error',
    says: SKILL_NOT_READ,
    hint: { skillMd: formatBytes(skillMdBytes), archive: formatBytes(archiveBytes) },
  },
  'digest-mismatch': {
    severity: 'error',
    says: { plain: ['skill', 'expected', 'actual'], explained: ['skill', 'expected', 'actual', 'causes'] },
  },
  'skill-content-type': {
    severity: 'warning',
    says: ['skill', 'served', 'expected'],
    hint: { skillMd: MEDIA_TYPES.skillMd[0], tarGz: MEDIA_TYPES.tarGz[0], zip: MEDIA_TYPES.zip[0] },
  },
  'skill-not-checked': { severity: 'info', says: ['count', 'hosts'], ourLimit: true },
  // check/offline.ts: no other host's name resolved, and none answered.
  offline: { severity: 'info', says: ['hosts', 'count'], ourLimit: true },
  'unsupported-url': { severity: 'error', says: { notAddress: ['address'], scheme: ['scheme'] } },
  'checked-over-https': { severity: 'info', says: ['origin'] },
  // The check's own budget (check/budget.ts). Too slow is the site's doing (agents give up too);
  // the byte allowance is our limit, like the skill cap (D5), so only a warning.
  'check-cut-short': { severity: 'error', says: ['time', 'count'], hint: { time: formatMs(checkMs) } },
  'site-bytes-exceeded': { severity: 'warning', says: ['budget', 'count'], hint: { budget: formatBytes(siteBytes) } },
});
