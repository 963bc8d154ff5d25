// Serves many-skills sites in their own process, as a real site would be: the benchmark's
// client-side work is then measured apart from the server's. Arguments: skills per site, bytes
// per skill, number of sites (bench0, bench1, …). Prints one JSON line: each site's http origin
// and the https front's port (`https://benchN.poppy.test:<port>`, signed by the test CA).
import { startFixtureServer } from '../tests/fixtures/server';
import { manySkillsSite } from './many-skills-site';

const [count = '200', bodyBytes = '4096', sites = '1'] = process.argv.slice(2);
const names = Array.from({ length: Number(sites) }, (_, i) => `bench${i}`);
// Idle connections stay open for a minute: a client stalled by forced collections (the memory
// section) must not meet a socket the server closed a moment before its next request.
const server = await startFixtureServer({
  sites: names.map((name) => manySkillsSite(name, Number(count), Number(bodyBytes))),
  keepAliveMs: 60_000,
});
console.log(JSON.stringify({ origins: Object.fromEntries(names.map((n) => [n, server.origin(n)])), httpsPort: server.httpsPort }));
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
