// One hour of browsing an origin, simulated: a page visit every minute, through the extension's
// real scheduler, storage module (over WXT's fake browser) and engine, against real HTTP servers;
// the clock moves a minute between visits. Run by bench/requests.ts with the fake-browser hook
// (`--import ./bench/fake-browser/register.mjs`). Prints one JSON line per site and policy: the
// requests the server saw, how many were conditional (revalidations), and the checks run.
//
// "before" is the policy without revisit times, computed by the same code: no revisit times (a
// check every ten minutes) and no validators on the discovery documents (skill files still go
// conditionally: D5). "after" is the extension as built.
import { clock } from './fake-browser/clock';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createNodeTransport } from '../cli/http/transport';
import { startFixtureServer } from '../tests/fixtures/server';
import { noPoppy } from '../tests/fixtures/sites/no-poppy';
import { northlightRoutes } from '../tests/fixtures/stores/northlight';
import type { FixtureSite, Route } from '../tests/fixtures/site';
import { WELL_KNOWN } from '../utils/engine/spec';
import { createScheduler, type SchedulerStore } from '../utils/extension/check-scheduler';
import { engineCheck } from '../utils/extension/engine-check';
import * as storage from '../utils/extension/platform/storage';
import { manySkillsSite } from './many-skills-site';

const MINUTE = 60_000;
const VISITS = 60;
const DISCOVERY: readonly string[] = [WELL_KNOWN.poppy, WELL_KNOWN.skillIndex, WELL_KNOWN.legacySkillIndex];

/** Every route answering with `cacheControl` instead of the fixtures' max-age=300. */
function cachedFor(site: FixtureSite, name: string, cacheControl: string): FixtureSite {
  const wrap =
    (route: Route): Route =>
    async (ctx) => {
      const response = typeof route === 'function' ? await route(ctx) : route;
      return { ...response, headers: { ...response.headers, 'cache-control': cacheControl } };
    };
  const routes = Object.fromEntries(Object.entries(site.routes).map(([path, route]) => [path, wrap(route)]));
  return { ...site, name, summary: `${site.summary}, Cache-Control: ${cacheControl}`, routes };
}

const poppyOnly: FixtureSite = {
  name: 'poppy-only',
  summary: 'poppy.json and no skills',
  routes: northlightRoutes({ site: 'poppy-only', name: 'Poppy Only', signIn: true, skills: [] }),
  expect: { verdict: 'ok', poppy: true, source: null, skills: {} },
};
const many = manySkillsSite('many', 200, 4096);
const SITES: [label: string, site: FixtureSite][] = [
  ['nothing published', noPoppy],
  ['poppy.json, no skills (max-age=300)', poppyOnly],
  ['200 skills (max-age=300)', many],
  ['200 skills (max-age=3600)', cachedFor(manySkillsSite('many-hourly', 200, 4096), 'many-hourly', 'public, max-age=3600')],
];

/** The policy without revisit times: the same store and cache, minus revisit times and document validators. */
function before(): { store: SchedulerStore; bodies: typeof storage.skillBodies } {
  const store: SchedulerStore = {
    ...storage,
    getVisitState: async (origin) => ({ ...(await storage.getVisitState(origin)), revisit: null }),
    setRevisit: async () => undefined,
  };
  const bodies = {
    ...storage.skillBodies,
    batch() {
      const batch = storage.skillBodies.batch();
      return { ...batch, recall: (urls: readonly string[]) => batch.recall(urls.filter((u) => !DISCOVERY.includes(new URL(u).pathname))) };
    },
  };
  return { store, bodies };
}

const server = await startFixtureServer({ sites: SITES.map(([, s]) => s), https: false });
try {
  for (const [label, site] of SITES) {
    for (const policy of ['before', 'after'] as const) {
      // Each run starts from an empty browser profile.
      fakeBrowser.reset();
      storage.forgetHeldCopies();
      const origin = server.origin(site.name);
      const { store, bodies } = policy === 'before' ? before() : { store: storage, bodies: storage.skillBodies };
      // The wiring of entrypoints/background/index.ts, minus the browser's network guard.
      const scheduler = createScheduler({
        store,
        runCheck: engineCheck(createNodeTransport(), bodies),
        showBadge: async () => undefined,
        liveOrigin: async () => origin,
        now: clock.now,
      });
      const from = server.requests.length;
      const checks = new Set<number>();
      for (let minute = 0; minute < VISITS; minute++) {
        await scheduler.pageVisited(1, origin);
        await scheduler.idle();
        checks.add((await storage.getResult(origin))?.checkedAt ?? -1);
        clock.advance(MINUTE);
      }
      // The next hour starts a day later: a new site for every run.
      clock.advance(2 * 24 * 60 * MINUTE);
      const seen = server.requests.slice(from).filter((r) => r.site === site.name);
      const conditional = seen.filter((r) => r.headers['if-none-match'] !== undefined || r.headers['if-modified-since'] !== undefined);
      console.log(
        JSON.stringify({ label, policy, visits: VISITS, requests: seen.length, conditional: conditional.length, checks: checks.size }),
      );
    }
  }
} finally {
  await server.close();
}
