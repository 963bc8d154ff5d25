import { own, quote, type JsonObject } from '../json/values';
import type { ExtensionInfo } from '../report/report';
import { BUILT_IN_EXTENSIONS, POPPY } from '../spec';
import { MAX_EXTENSIONS, STRINGS } from './bounds';
import { POPPY_CODES } from './codes';
import { EXTENSION } from '../spec';
import type { PoppyReader } from './reader';

/** `domain/feature`: a dotted host name, a slash, and a feature name (check 11). */
const EXTENSION_NAME = /^[a-z0-9-]+(\.[a-z0-9-]+)+\/[^\s/]+$/i;

/** `extensions` is a map of name → `{version, …}`; names are data, read with Object.entries. */
export function readExtensions(r: PoppyReader, doc: JsonObject): ExtensionInfo[] {
  const at = [POPPY.extensions];
  const obj = r.object(own(doc, POPPY.extensions), at);
  if (obj === null) return [];
  return r.entries(obj, at, MAX_EXTENSIONS).map(([key, value]) => {
    const path = [...at, key];
    const name = r.mapKey(key, at);
    if (!BUILT_IN_EXTENSIONS.includes(key) && !EXTENSION_NAME.test(name)) {
      r.report(POPPY_CODES['invalid-extension-name'].says({ name: quote(name) }), path);
    }
    const ext = r.object(value, path);
    // The contents are the extension's own business; only its version is common to all.
    const version = ext && r.string(r.required(ext, EXTENSION.version, path, 'warning'), [...path, EXTENSION.version], STRINGS.name);
    return { name, version };
  });
}
