import { formatBytes, formatMs } from '../net/fetch-bounded';
import { defineCodes } from '../report/findings';
import { DEFAULT_LIMITS, MEDIA_TYPES, WELL_KNOWN } from '../spec';

const { timeoutMs, poppyBytes, indexBytes, skillMdBytes, archiveBytes } = DEFAULT_LIMITS;
const documentCaps =
  poppyBytes === indexBytes
    ? `poppy.json and skill indexes under ${formatBytes(poppyBytes)}`
    : `poppy.json under ${formatBytes(poppyBytes)} and skill indexes under ${formatBytes(indexBytes)}`;

/** Findings about fetching: documents and skill files that could not be read, redirects, CORS. */
export const ENGINE_CODES = defineCodes({
  'site-unreachable': {
    severity: 'error',
    hint: 'Make sure the site answers over https; check DNS, the certificate and the server.',
  },
  'no-poppy-json': {
    severity: 'info',
    hint: `Publish ${WELL_KNOWN.poppy} if you support the Personal Agent Protocol.`,
  },
  'no-skill-index': {
    severity: 'info',
    hint: `Optional: publish ${WELL_KNOWN.skillIndex} for agents that do not read poppy.json.`,
  },
  'document-unreachable': {
    severity: 'error',
    hint: `Serve the document with status 200 from a server that answers within ${formatMs(timeoutMs)}.`,
  },
  'document-too-large': {
    severity: 'error',
    hint: `Keep ${documentCaps}.`,
  },
  'document-redirected': {
    severity: 'info',
    hint: 'Redirects are allowed; the document still speaks for the domain first requested.',
  },
  'insecure-redirect': {
    severity: 'error',
    hint: 'Every redirect must stay on https.',
  },
  'redirect-blocked': {
    severity: 'error',
    hint: 'Do not redirect to private, loopback or non-https addresses.',
  },
  'missing-cors': {
    severity: 'warning',
    hint: 'Send Access-Control-Allow-Origin: * so browser-based agents can read the file.',
  },
  'missing-cache-control': {
    severity: 'info',
    hint: 'Send Cache-Control (for example public, max-age=300) so agents can cache the file.',
  },
  'skill-blocked': {
    severity: 'error',
    hint: 'Point skill URLs at public https addresses.',
  },
  'skill-unreachable': {
    severity: 'error',
    hint: 'Serve the skill file with status 200 at the URL the index names.',
  },
  'skill-no-cors': {
    severity: 'error',
    hint: 'A skill on another host must send Access-Control-Allow-Origin: * or browser-based agents cannot read it.',
  },
  'skill-too-large': {
    severity: 'error',
    hint: `Keep SKILL.md under ${formatBytes(skillMdBytes)} and archives under ${formatBytes(archiveBytes)}.`,
  },
  'digest-mismatch': {
    severity: 'error',
    hint: 'Compute the digest from the served file at build or serve time, then publish the index.',
  },
  'skill-content-type': {
    severity: 'warning',
    hint: `Serve SKILL.md as ${MEDIA_TYPES.skillMd[0]}, .tar.gz as ${MEDIA_TYPES.tarGz[0]} and .zip as ${MEDIA_TYPES.zip[0]}.`,
  },
  'skill-not-checked': {
    severity: 'info',
    hint: 'Open the panel (or allow checks of other sites in the options) to verify skills hosted elsewhere.',
  },
  'unsupported-url': {
    severity: 'error',
    hint: 'Give an https:// address (or http:// for localhost).',
  },
  'checked-over-https': {
    severity: 'info',
    hint: 'Agents only read poppy.json over https.',
  },
});
