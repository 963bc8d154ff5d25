import { parse as parseYaml } from 'yaml';
import { LENS_LIMITS } from '../spec';
import type { LensLimits } from './scan';

/** What the lens needs of an OpenAPI description (3.0, 3.1) or Swagger 2.0: its operations. */
export interface ApiOperations {
  operations: { method: string; path: string; pattern: RegExp }[];
  operationIds: ReadonlySet<string>;
  /** Server URL paths (`servers[].url`, Swagger's `basePath`) a skill may write before a path. */
  prefixes: string[];
  /** More operations than LENS_LIMITS.operations: the rest were not read. */
  partial: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Reads `paths` (methods, operationIds) and server paths from a description's text; null when
 * it is not an OpenAPI or Swagger document. JSON has the fetch cap alone (D5); YAML, whose parse
 * costs more, is read only up to LENS_LIMITS.yamlChars, and with aliases bounded.
 */
export function readOpenApi(text: string, limits: Pick<LensLimits, 'operations' | 'yamlChars'> = LENS_LIMITS): ApiOperations | null {
  let doc: unknown;
  try {
    const t = text.trimStart();
    if (t.startsWith('{')) doc = JSON.parse(t);
    else if (t.length <= limits.yamlChars) doc = parseYaml(t, { maxAliasCount: 100, prettyErrors: false, uniqueKeys: false });
    else return null;
  } catch {
    return null;
  }
  if (!isObject(doc) || !isObject(doc.paths) || (typeof doc.openapi !== 'string' && typeof doc.swagger !== 'string')) return null;
  const api: ApiOperations = { operations: [], operationIds: new Set(), prefixes: [], partial: false };
  const ids = api.operationIds as Set<string>;
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/') || !isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      if (api.operations.length >= limits.operations) {
        api.partial = true;
        break;
      }
      api.operations.push({ method: method.toUpperCase(), path, pattern: pathPattern(path) });
      if (typeof op.operationId === 'string') ids.add(op.operationId);
    }
  }
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  for (const server of servers) if (isObject(server) && typeof server.url === 'string') addPrefix(api, server.url);
  if (typeof doc.basePath === 'string') addPrefix(api, doc.basePath);
  return api;
}

function addPrefix(api: ApiOperations, url: string) {
  let path: string;
  try {
    // Server variables (`{version}`) stay as written; a relative URL is the document's own host.
    path = new URL(url.replace(/[{}]/g, '_'), 'https://server.invalid').pathname.replace(/\/+$/, '');
  } catch {
    return;
  }
  if (path && !api.prefixes.includes(path)) api.prefixes.push(path);
}

/** `/orders/{order_id}/changes` → a pattern: a template segment stands for any one segment. */
function pathPattern(path: string): RegExp {
  const source = path
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) =>
      segment
        .split(/\{[^}/]*\}/)
        .map(escape)
        .join('[^/]+'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A skill's own placeholders (`{order_id}`, `:id`, `<id>`) read as one concrete segment. */
const placeholder = (path: string) => path.replace(/\{[^}/]*\}|(?<=\/):[\w-]+|<[\w-]+>/g, 'x');

/** Does the description define `method path`, with or without a server path before it? */
export function definesOperation(api: ApiOperations, method: string, path: string): boolean {
  const concrete = placeholder(path);
  const candidates = [concrete];
  for (const prefix of api.prefixes) if (concrete.startsWith(`${prefix}/`)) candidates.push(concrete.slice(prefix.length));
  return api.operations.some((op) => op.method === method && candidates.some((c) => op.pattern.test(c)));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
