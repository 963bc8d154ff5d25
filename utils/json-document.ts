import { defineCodes, finding, type Finding } from './findings';
import { MEDIA_TYPES } from './spec';

/** Codes shared by every JSON document we read: poppy.json and the skill indexes. */
export const JSON_DOCUMENT_CODES = defineCodes({
  'html-instead-of-json': {
    severity: 'warning',
    hint: 'Serve the JSON file itself at this address (status 200, application/json); a soft-404 or login page means agents find nothing.',
  },
  'invalid-json': {
    severity: 'error',
    hint: 'Fix the JSON syntax; run the file through a JSON validator before you deploy.',
  },
  'not-utf8': {
    severity: 'error',
    hint: 'Save the file as UTF-8.',
  },
  'json-bom': {
    severity: 'warning',
    hint: 'Save the file as UTF-8 without a byte order mark; many JSON parsers reject it.',
  },
  'not-an-object': {
    severity: 'error',
    hint: 'The top level must be a JSON object ({ ... }).',
  },
  'wrong-content-type': {
    severity: 'error',
    hint: 'Serve the file with Content-Type: application/json.',
  },
  'unexpected-content-type': {
    severity: 'warning',
    hint: 'Serve the file with Content-Type: application/json.',
  },
  'missing-content-type': {
    severity: 'warning',
    hint: 'Send Content-Type: application/json.',
  },
});

export type JsonDocument =
  | { ok: true; value: Record<string, unknown>; text: string; findings: Finding[] }
  /** `published: false` means the address answered with something that is not the document. */
  | { ok: false; published: boolean; text: string | null; findings: Finding[] };

const BOM = '\uFEFF';

/**
 * Bytes (already capped by the fetcher) → a JSON object, or findings saying why not. An HTML
 * answer means the document is not published (Decision D8: a warning, never ok).
 */
export function readJsonDocument(bytes: Uint8Array, contentType: string | null, document: string): JsonDocument {
  const where = { document };
  const findings: Finding[] = [];
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { ok: false, published: true, text: null, findings: [finding(JSON_DOCUMENT_CODES['not-utf8'], 'The document is not valid UTF-8.', where)] };
  }
  if (looksLikeHtml(text, contentType)) {
    const msg = 'The address answered with an HTML page, not JSON: the document is not published.';
    return { ok: false, published: false, text, findings: [finding(JSON_DOCUMENT_CODES['html-instead-of-json'], msg, where)] };
  }
  if (text.startsWith(BOM)) {
    findings.push(finding(JSON_DOCUMENT_CODES['json-bom'], 'The document starts with a UTF-8 byte order mark.', where));
    text = text.slice(1);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    // V8 quotes the offending input, line breaks and all: keep the message on one line (D4).
    const detail = e instanceof Error ? e.message.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').slice(0, 200) : 'syntax error';
    findings.push(finding(JSON_DOCUMENT_CODES['invalid-json'], `The document is not valid JSON: ${detail}`, where));
    return { ok: false, published: true, text, findings };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    findings.push(finding(JSON_DOCUMENT_CODES['not-an-object'], `The top level is ${kind}, not an object.`, { ...where, path: '$' }));
    return { ok: false, published: true, text, findings };
  }
  findings.push(...contentTypeFindings(contentType, document));
  return { ok: true, value: value as Record<string, unknown>, text, findings };
}

function looksLikeHtml(text: string, contentType: string | null): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart().slice(0, 64).toLowerCase();
  if (start.startsWith('<!doctype html') || start.startsWith('<html') || start.startsWith('<head') || start.startsWith('<body')) return true;
  return contentType === 'text/html' && start.startsWith('<');
}

function contentTypeFindings(contentType: string | null, document: string): Finding[] {
  if (contentType === null) {
    return [finding(JSON_DOCUMENT_CODES['missing-content-type'], 'The document was served without a Content-Type.', { document })];
  }
  if ((MEDIA_TYPES.json as readonly string[]).includes(contentType)) return [];
  const spec = contentType === 'text/html' ? JSON_DOCUMENT_CODES['wrong-content-type'] : JSON_DOCUMENT_CODES['unexpected-content-type'];
  return [finding(spec, `The document was served as ${contentType}, not application/json.`, { document })];
}
