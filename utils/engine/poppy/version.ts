import { quote, type JsonObject } from '../json/values';
import { KNOWN_PROTOCOL_MAJORS, POPPY } from '../spec';
import { STRINGS } from './bounds';
import { POPPY_CODES } from './codes';
import type { PoppyReader } from './reader';

const MAJOR_MINOR = /^(\d+)\.(\d+)$/;

/** Check 2: a "major.minor" string. An unknown major is a warning and we still show the rest (D2). */
export function readProtocolVersion(r: PoppyReader, doc: JsonObject): string | null {
  const key = POPPY.protocolVersion;
  const version = r.string(r.required(doc, key, []), [key], STRINGS.name, POPPY_CODES['invalid-protocol-version'].hint);
  if (version === null) return null;
  const match = MAJOR_MINOR.exec(version);
  if (!match) {
    r.report(POPPY_CODES['invalid-protocol-version'].says({ field: key, value: quote(version) }), [key]);
  } else if (!KNOWN_PROTOCOL_MAJORS.includes(match[1]!)) {
    r.report(POPPY_CODES['unsupported-protocol-version'].says({ field: key, value: quote(version) }), [key]);
  }
  return version;
}
