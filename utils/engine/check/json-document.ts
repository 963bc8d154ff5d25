import { sniffBody, type BodyKind } from '../net/body-sniff';
import { defineCodes, finding, type Finding } from '../report/findings';
import { quote } from '../report/json-words';
import { MEDIA_TYPES } from '../spec';

const JSON_TYPE = MEDIA_TYPES.json[0];

/** Codes shared by every JSON document we read: poppy.json and the skill indexes. */
export const JSON_DOCUMENT_CODES = defineCodes({
  'html-instead-of-json': {
    severity: 'warning',
    hint: `Serve the JSON file itself at this address (status 200, ${JSON_TYPE}); a soft-404 or login page means agents find nothing.`,
  },
  'not-json': {
    severity: 'warning',
    hint: `Serve the JSON file itself at this address (status 200, ${JSON_TYPE}); until then agents find nothing here.`,
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
    hint: `Serve the file with Content-Type: ${JSON_TYPE}.`,
  },
  'unexpected-content-type': {
    severity: 'warning',
    hint: `Serve the file with Content-Type: ${JSON_TYPE}.`,
  },
  'missing-content-type': {
    severity: 'warning',
    hint: `Send Content-Type: ${JSON_TYPE}.`,
  },
});

export type JsonDocument =
  | { ok: true; value: Record<string, unknown>; text: string; findings: Finding[] }
  /** `published: false` means the address answered with something that is not the document. */
  | { ok: false; published: boolean; findings: Finding[] };

const BOM = '\uFEFF';

/** What arrived instead of JSON, in words for the `not-json` message. */
const NOT_JSON: Readonly<Record<Exclude<BodyKind, 'json' | 'utf16' | 'html'>, string>> = {
  empty: 'an empty body',
  markup: 'an XML or other markup document',
  binary: 'binary data',
  text: 'text',
};

/**
 * Bytes (already capped by the fetcher) → a JSON object, or findings saying why not. A body that
 * does not even start like JSON (`{` or `[`) means the document is not published (Decision D8: a
 * warning, never ok); one that starts like JSON but breaks is the owner's error.
 */
export function readJsonDocument(bytes: Uint8Array, contentType: string | null, document: string): JsonDocument {
  const where = { document };
  const kind = sniffBody(bytes, contentType);
  if (kind === 'html') {
    const msg = 'The address answered with an HTML page, not JSON: the document is not published.';
    return { ok: false, published: false, findings: [finding(JSON_DOCUMENT_CODES['html-instead-of-json'], msg, where)] };
  }
  if (kind !== 'json' && kind !== 'utf16') {
    const msg = `The address answered with ${NOT_JSON[kind]}${kind === 'text' ? ` (${textStart(bytes)})` : ''}, not a JSON object: the document is not published.`;
    return { ok: false, published: false, findings: [finding(JSON_DOCUMENT_CODES['not-json'], msg, where)] };
  }
  const findings: Finding[] = [];
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { ok: false, published: true, findings: [finding(JSON_DOCUMENT_CODES['not-utf8'], 'The document is not valid UTF-8.', where)] };
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
    const detail = e instanceof Error ? oneLine(e.message).slice(0, 200) : 'syntax error';
    findings.push(finding(JSON_DOCUMENT_CODES['invalid-json'], `The document is not valid JSON: ${detail}`, where));
    return { ok: false, published: true, findings };
  }
  // The body starts with `{` or `[`, so what parsed is an object or an array.
  if (Array.isArray(value)) {
    findings.push(finding(JSON_DOCUMENT_CODES['not-an-object'], 'The top level is an array, not an object.', { ...where, path: '$' }));
    return { ok: false, published: true, findings };
  }
  findings.push(...contentTypeFindings(contentType, document));
  return { ok: true, value: value as Record<string, unknown>, text, findings };
}

const oneLine = (s: string) => s.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();

/** The first words of a text answer ("Not Found"), quoted on one line. */
function textStart(bytes: Uint8Array): string {
  return quote(oneLine(new TextDecoder().decode(bytes.subarray(0, 200))), 40);
}

function contentTypeFindings(contentType: string | null, document: string): Finding[] {
  if (contentType === null) {
    return [finding(JSON_DOCUMENT_CODES['missing-content-type'], 'The document was served without a Content-Type.', { document })];
  }
  if ((MEDIA_TYPES.json as readonly string[]).includes(contentType)) return [];
  const spec = contentType === 'text/html' ? JSON_DOCUMENT_CODES['wrong-content-type'] : JSON_DOCUMENT_CODES['unexpected-content-type'];
  return [finding(spec, `The document was served as ${contentType}, not ${JSON_TYPE}.`, { document })];
}
