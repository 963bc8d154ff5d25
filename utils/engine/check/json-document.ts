import { sniffBody, type BodyKind } from '../net/body-sniff';
import { defineCodes, finding, type Finding } from '../report/findings';
import { quote } from '../json/values';
import { sentence, type Sentence } from '../report/words';
import { MEDIA_TYPES } from '../spec';
import { readIndexPrefix } from './json-prefix';

const JSON_TYPE = MEDIA_TYPES.json[0];

const SERVED_AS = sentence('finding_served_as', ['served', 'expected']);

/** Codes shared by every JSON document we read: poppy.json and the skill indexes. */
export const JSON_DOCUMENT_CODES = defineCodes({
  'html-instead-of-json': { severity: 'warning', says: [], hint: { type: JSON_TYPE } },
  'not-json': { severity: 'warning', says: { body: ['body'], text: ['start'] }, hint: { type: JSON_TYPE } },
  'invalid-json': { severity: 'error', says: ['detail'] },
  'not-utf8': { severity: 'error', says: [] },
  'json-bom': { severity: 'warning', says: [] },
  'not-an-object': { severity: 'error', says: [] },
  'wrong-content-type': { severity: 'error', says: SERVED_AS, hint: { type: JSON_TYPE } },
  'unexpected-content-type': { severity: 'warning', says: SERVED_AS, hint: { type: JSON_TYPE } },
  'missing-content-type': { severity: 'warning', says: [], hint: { type: JSON_TYPE } },
});
const C = JSON_DOCUMENT_CODES;

export type JsonDocument =
  /** `cut`: the bytes were the start of a longer index (D5), and `entries` of its `skills` were whole in them. */
  | { ok: true; value: Record<string, unknown>; text: string; findings: Finding[]; cut?: { entries: number } }
  /** `published: false` means the address answered with something that is not the document.
   *  `cut`: the start of a longer index in which no entry could be read (our limit). */
  | { ok: false; published: boolean; findings: Finding[]; cut?: { entries: 0 } };

const BOM = '\uFEFF';

/** What arrived instead of JSON, in words for the `not-json` message (text is quoted instead). */
const NOT_JSON: Readonly<Record<Exclude<BodyKind, 'json' | 'utf16' | 'html' | 'text'>, Sentence<readonly []>>> = {
  empty: sentence('words_body_empty', []),
  markup: sentence('words_body_markup', []),
  binary: sentence('words_body_binary', []),
};

/**
 * Bytes (already capped by the fetcher) → a JSON object, or findings saying why not. A body that
 * does not even start like JSON (`{` or `[`) means the document is not published (Decision D8: a
 * warning, never ok); one that starts like JSON but breaks is the owner's error.
 */
export function readJsonDocument(bytes: Uint8Array, contentType: string | null, document: string, cut = false): JsonDocument {
  const where = { document };
  const kind = sniffBody(bytes, contentType);
  if (kind === 'html') {
    return { ok: false, published: false, findings: [finding(C['html-instead-of-json'].says({}), where)] };
  }
  if (kind !== 'json' && kind !== 'utf16') {
    const said =
      kind === 'text' ? C['not-json'].says.text({ start: textStart(bytes) }) : C['not-json'].says.body({ body: NOT_JSON[kind]({}) });
    return { ok: false, published: false, findings: [finding(said, where)] };
  }
  const findings: Finding[] = [];
  let text: string;
  try {
    // A cut body may end inside a character: streaming leaves that character out.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes, { stream: cut });
  } catch {
    return { ok: false, published: true, findings: [finding(C['not-utf8'].says({}), where)] };
  }
  if (text.startsWith(BOM)) {
    findings.push(finding(C['json-bom'].says({}), where));
    text = text.slice(1);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    if (cut) return prefixOf(text, contentType, document, findings);
    // V8 quotes the offending input, line breaks and all: keep the message on one line (D4).
    const detail = oneLine(e instanceof Error ? e.message : String(e)).slice(0, 200);
    findings.push(finding(C['invalid-json'].says({ detail }), where));
    return { ok: false, published: true, findings };
  }
  // The body starts with `{` or `[`, so what parsed is an object or an array.
  if (Array.isArray(value)) {
    findings.push(finding(C['not-an-object'].says({}), { ...where, path: '$' }));
    return { ok: false, published: true, findings };
  }
  findings.push(...contentTypeFindings(contentType, document));
  return { ok: true, value: value as Record<string, unknown>, text, findings };
}

/** The whole entries at the start of a cut index (check/json-prefix.ts), or none: our limit either way. */
function prefixOf(text: string, contentType: string | null, document: string, findings: Finding[]): JsonDocument {
  const prefix = readIndexPrefix(text);
  if (prefix === null) return { ok: false, published: true, findings, cut: { entries: 0 } };
  findings.push(...contentTypeFindings(contentType, document));
  return { ok: true, value: prefix.value, text, findings, cut: { entries: prefix.entries } };
}

const oneLine = (s: string) => s.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();

/** The first words of a text answer ("Not Found"), quoted on one line. */
function textStart(bytes: Uint8Array): string {
  return quote(oneLine(new TextDecoder().decode(bytes.subarray(0, 200))), 40);
}

function contentTypeFindings(contentType: string | null, document: string): Finding[] {
  if (contentType === null) {
    return [finding(C['missing-content-type'].says({}), { document })];
  }
  if ((MEDIA_TYPES.json as readonly string[]).includes(contentType)) return [];
  const spec = contentType === 'text/html' ? C['wrong-content-type'] : C['unexpected-content-type'];
  return [finding(spec.says({ served: contentType, expected: JSON_TYPE }), { document })];
}
