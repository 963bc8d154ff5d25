// One hour of browsing an origin, simulated: a page visit every minute, through the extension's
// real scheduler, storage module (over WXT's fake browser) and engine, against real HTTP servers;
// the clock moves a minute between visits. Run by bench/requests.ts with the fake-browser hook
// (`--import ./bench/fake-browser/register.mjs`). Prints one JSON line per site: the requests the
// server saw, and how many of them were conditional (revalidations).
import { clock } from './fake-browser/clock';
import { createNodeTransport } from '../cli/node-transport';
import { startFixtureServer } from '../tests/fixtures/server';
import { noPoppy } from '../tests/fixtures/sites/no-poppy';
import { northlightRoutes } from '../tests/fixtures/stores/northlight';
import type { FixtureSite } from '../tests/fixtures/site';
import { createScheduler } from '../utils/extension/check-scheduler';
import { engineCheck } from '../utils/extension/engine-check';
import * as storage from '../utils/extension/platform/storage';
import { manySkillsSite } from './many-skills-site';

const MINUTE = 60_000;
const VISITS = 60;

const poppyOnly: FixtureSite = {
  name: 'poppy-only',
  summary: 'poppy.json and no skills',
  routes: northlightRoutes({ site: 'poppy-only', name: 'Poppy Only', signIn: true, skills: [] }),
  expect: { verdict: 'ok', poppy: true, source: null, skills: {} },
};
const SITES: [label: string, site: FixtureSite][] = [
  ['nothing published', noPoppy],
  ['poppy.json, no skills', poppyOnly],
  ['200 skills', manySkillsSite('many', 200, 4096)],
];

const server = await startFixtureServer({ sites: SITES.map(([, s]) => s), https: false });
try {
  for (const [label, site] of SITES) {
    const origin = server.origin(site.name);
    // The wiring of entrypoints/background/index.ts, minus the browser's network guard.
    const scheduler = createScheduler({
      store: storage,
      runCheck: engineCheck(createNodeTransport(), storage.skillBodies),
      showBadge: async () => undefined,
      liveOrigin: async () => origin,
      now: clock.now,
    });
    const from = server.requests.length;
    const checksBefore = new Set<number>();
    for (let minute = 0; minute < VISITS; minute++) {
      await scheduler.pageVisited(1, origin);
      await scheduler.idle();
      checksBefore.add((await storage.getResult(origin))?.checkedAt ?? -1);
      clock.advance(MINUTE);
    }
    const seen = server.requests.slice(from).filter((r) => r.site === site.name);
    const conditional = seen.filter((r) => r.headers['if-none-match'] !== undefined || r.headers['if-modified-since'] !== undefined);
    console.log(
      JSON.stringify({ label, visits: VISITS, requests: seen.length, conditional: conditional.length, checks: checksBefore.size }),
    );
  }
} finally {
  await server.close();
}
