// Serves many-skills sites in their own process, as a real site would be: the benchmark's
// client-side work is then measured apart from the server's. Arguments: skills per site, bytes
// per skill, number of sites, the number of the first (bench0, bench1, … by default), and
// milliseconds each listed file's answer waits (a server that far away; 0 by default: loopback
// answers at once), and the shape: `long` for index entries of the largest valid size
// (tests/fixtures/sites/long-index.ts; bytes per skill then unused). Prints one JSON line: each site's http origin and the https front's port
// (`https://benchN.poppy.test:<port>`, signed by the test CA).
import { setTimeout as sleep } from 'node:timers/promises';
import type { FixtureSite, Route } from '../tests/fixtures/site';
import { startFixtureServer } from '../tests/fixtures/server';
import { manySkillsSite } from './many-skills-site';
import { longIndexStore } from '../tests/fixtures/sites/long-index';

const [count = '200', bodyBytes = '4096', sites = '1', first = '0', latency = '0', shape = 'plain'] = process.argv.slice(2);
const names = Array.from({ length: Number(sites) }, (_, i) => `bench${Number(first) + i}`);

/** The site with every route's answer held back `ms`; the 404s of unlisted paths (poppy.json
 *  here) are not. */
function delayed(site: FixtureSite, ms: number): FixtureSite {
  if (ms <= 0) return site;
  const later =
    (route: Route): Route =>
    async (ctx) => {
      await sleep(ms);
      return typeof route === 'function' ? route(ctx) : route;
    };
  const routes = Object.fromEntries(Object.entries(site.routes).map(([path, route]) => [path, later(route)]));
  return { ...site, routes };
}
// Idle connections stay open for a minute: a client stalled by forced collections (the memory
// section) must not meet a socket the server closed a moment before its next request.
const server = await startFixtureServer({
  sites: names.map((name) =>
    delayed(
      shape === 'long' ? longIndexStore(name, Number(count)) : manySkillsSite(name, Number(count), Number(bodyBytes)),
      Number(latency),
    ),
  ),
  keepAliveMs: 60_000,
});
console.log(JSON.stringify({ origins: Object.fromEntries(names.map((n) => [n, server.origin(n)])), httpsPort: server.httpsPort }));
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
// The bench holds our stdin open: its end means the bench is gone, even one that died before it
// could stop us (a scratch run cut off by a pipe left servers running for hours).
process.stdin.on('end', stop).resume();
