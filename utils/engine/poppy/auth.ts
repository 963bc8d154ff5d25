import { own, quote, type JsonObject } from '../json/values';
import type { MediatedField, ScopeInfo, SignIn } from '../report/report';
import { POPPY, PROTOCOL_SCOPES, RESERVED_SCOPE_PREFIX, SIGNED_OUT, SIGN_IN_TYPES, type SignInType } from '../spec';
import { LISTS, MAX_SCOPES, STRINGS } from './bounds';
import { POPPY_CODES } from './codes';
import { AUTH, MEDIATED, MEDIATED_FIELD, SIGN_IN } from '../spec';
import { label, type Path, type PoppyReader } from './reader';
import { readHttpsUrl } from './urls';
import { and } from '../report/words';

const MEDIATED_TYPE: SignInType = 'mediated';

export interface AuthModel {
  issuer: string | null;
  signInTypes: SignIn[];
}

/** `auth`: issuer (check 7), sign-in types with described scopes (checks 8, 10). */
export function readAuth(r: PoppyReader, doc: JsonObject): AuthModel {
  const at = [POPPY.auth];
  const auth = r.object(own(doc, POPPY.auth), at);
  if (auth === null) return { issuer: null, signInTypes: [] };
  const issuer = readHttpsUrl(r, r.required(auth, AUTH.issuer, at), [...at, AUTH.issuer]);
  const described = readCustomScopes(r, own(auth, AUTH.customScopes), [...at, AUTH.customScopes]);
  const signInTypes: SignIn[] = [];
  const undescribed = new Set<string>();
  for (const type of SIGN_IN_TYPES) {
    const value = own(auth, type);
    if (value !== undefined) signInTypes.push(readSignIn(r, type, value, [...at, type], described, undescribed));
  }
  // `auth` with an issuer alone means signed-out Sessions only (poppy-json.md §7).
  return { issuer, signInTypes: signInTypes.length > 0 ? signInTypes : [{ type: SIGNED_OUT, scopes: [] }] };
}

function readSignIn(
  r: PoppyReader,
  type: SignInType,
  value: unknown,
  path: Path,
  described: ReadonlyMap<string, string>,
  undescribed: Set<string>,
): SignIn {
  const entry: SignIn = { type, scopes: [] };
  const obj = r.object(value, path);
  if (type === MEDIATED_TYPE) {
    entry.endpoint = obj && readHttpsUrl(r, r.required(obj, MEDIATED.endpoint, path), [...path, MEDIATED.endpoint]);
    entry.fields = obj ? readMediatedFields(r, r.required(obj, MEDIATED.fields, path), [...path, MEDIATED.fields]) : [];
  }
  if (obj !== null) entry.scopes = readScopes(r, r.required(obj, SIGN_IN.scopes, path), [...path, SIGN_IN.scopes], described, undescribed);
  return entry;
}

function readScopes(
  r: PoppyReader,
  value: unknown,
  path: Path,
  described: ReadonlyMap<string, string>,
  undescribed: Set<string>,
): ScopeInfo[] {
  const out: ScopeInfo[] = [];
  const unnamed: string[] = [];
  (r.array(value, path, LISTS.scopes) ?? []).forEach((item, i) => {
    const name = r.string(item, [...path, i], STRINGS.name);
    if (name === null) return;
    checkReserved(r, name, [...path, i]);
    const description = described.get(name) ?? null;
    // 1.0 asks for a description of every scope: agents show it when they ask for the scope. The
    // protocol's own scopes have the protocol's words. Each scope is named once, where first offered.
    if ((description === null || description.trim() === '') && !PROTOCOL_SCOPES.includes(name) && !undescribed.has(name)) {
      undescribed.add(name);
      unnamed.push(name);
    }
    out.push({ name, description });
  });
  if (unnamed.length > 0) reportUndescribed(r, unnamed, path);
  return out;
}

/** Scopes a message names at most; a hostile list of 200 makes one finding, not 200. */
const UNDESCRIBED_NAMED = 10;

function reportUndescribed(r: PoppyReader, scopes: readonly string[], path: Path): void {
  const C = POPPY_CODES['scope-undescribed'];
  const named = and(scopes.slice(0, UNDESCRIBED_NAMED).map((s) => quote(s)));
  const values = { count: scopes.length, scopes: named, field: label(path) };
  const more = scopes.length - UNDESCRIBED_NAMED;
  r.report(more > 0 ? C.says.many({ ...values, more }) : C.says.some(values), path);
}

/** `custom_scopes` is a map: its keys are data, read into a Map so `__proto__` is just a name. */
function readCustomScopes(r: PoppyReader, value: unknown, path: Path): Map<string, string> {
  const described = new Map<string, string>();
  const obj = r.object(value, path);
  if (obj === null) return described;
  for (const [key, text] of r.entries(obj, path, MAX_SCOPES)) {
    checkReserved(r, key, [...path, key]);
    const description = r.string(text, [...path, key], STRINGS.text);
    if (description !== null) described.set(r.mapKey(key, path), description);
  }
  return described;
}

/** Check 10: `poppy:` names only the protocol's own scopes. */
function checkReserved(r: PoppyReader, scope: string, path: Path): void {
  if (scope.startsWith(RESERVED_SCOPE_PREFIX) && !PROTOCOL_SCOPES.includes(scope)) {
    r.report(POPPY_CODES['reserved-scope-prefix'].says({ field: label(path), prefix: RESERVED_SCOPE_PREFIX }), path);
  }
}

/** Check 8: an array of `{name, label, secret}`. Items without a usable name are left out. */
function readMediatedFields(r: PoppyReader, value: unknown, path: Path): MediatedField[] {
  const out: MediatedField[] = [];
  (r.array(value, path, LISTS.mediatedFields) ?? []).forEach((item, i) => {
    const at = [...path, i];
    const obj = r.object(item, at);
    if (obj === null) return;
    const name = r.string(r.required(obj, MEDIATED_FIELD.name, at), [...at, MEDIATED_FIELD.name], STRINGS.name);
    const text = r.string(r.required(obj, MEDIATED_FIELD.label, at), [...at, MEDIATED_FIELD.label], STRINGS.name);
    const secret = r.boolean(r.required(obj, MEDIATED_FIELD.secret, at), [...at, MEDIATED_FIELD.secret]);
    if (name !== null) out.push({ name, label: text, secret: secret ?? false });
  });
  return out;
}
