// Serves many loopback sites from one port, routed by Host (`s0042.localhost:<port>`), for the
// survey benchmark: each is its own origin, as in a real survey. A site's kind follows its number:
// most publish nothing, some poppy.json with skills in both indexes, some only the stand-alone
// index, some the legacy index. Prints the port on stdout.
import { createServer, type ServerResponse } from 'node:http';
import type { FixtureResponse, FixtureSite, SiteContext } from '../tests/fixtures/site';
import { legacyOnly } from '../tests/fixtures/sites/legacy-only';
import { noPoppy } from '../tests/fixtures/sites/no-poppy';
import { northlight } from '../tests/fixtures/sites/northlight';
import { northlightStale } from '../tests/fixtures/sites/northlight-stale';
import { wellKnownOnly } from '../tests/fixtures/sites/well-known-only';

/** One in ten publishes something, roughly as the seed article's survey found. */
export function kindOf(n: number): FixtureSite {
  const k = n % 20;
  return k === 0 ? northlight : k === 1 ? wellKnownOnly : k === 2 ? legacyOnly : k === 3 ? northlightStale : noPoppy;
}

function send(res: ServerResponse, r: FixtureResponse): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(r.headers ?? {})) if (value !== null) headers[name] = value;
  const body = typeof r.body === 'string' || r.body instanceof Uint8Array ? r.body : '';
  res.writeHead(r.status ?? 200, headers).end(body);
}

const server = createServer(async (req, res) => {
  const host = req.headers.host ?? '';
  const n = Number(/^s(\d+)\./.exec(host)?.[1] ?? NaN);
  const url = new URL(req.url ?? '/', `http://${host}`);
  const site = Number.isNaN(n) ? null : kindOf(n);
  const route = site && Object.hasOwn(site.routes, url.pathname) ? site.routes[url.pathname] : undefined;
  if (!route) return send(res, { status: 404, body: 'Not found\n' });
  const ctx: SiteContext = { self: `http://${host}`, url, headers: req.headers, originOf: () => `http://${host}` };
  send(res, typeof route === 'function' ? await route(ctx) : route);
});
server.listen(0, '127.0.0.1', () => console.log((server.address() as { port: number }).port));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
