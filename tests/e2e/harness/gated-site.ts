/**
 * Northlight Flowers with one skill file held back until the test releases it: a check of this
 * site stays in flight for exactly as long as a test needs (to stop the worker mid-check), with
 * no timing guesswork. Only the first request waits; later ones are answered at once.
 */
import { WELL_KNOWN } from '../../../utils/engine/spec';
import type { FixtureResponse, FixtureSite, SiteContext } from '../../fixtures/site';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightRoutes } from '../../fixtures/stores/northlight';
import { changeFlowerDelivery, checkFlowerOrder, findFlowers } from '../../fixtures/stores/northlight-skills';

export interface GatedSite {
  site: FixtureSite;
  /** Resolves when the first request for the held-back file arrives. */
  requested: Promise<void>;
  /** How many requests for it arrived so far. */
  hits(): number;
  /** Lets the held-back response go (to whoever is still listening). */
  release(): void;
}

export function gatedNorthlight(name = 'northlight-gated'): GatedSite {
  const routes = northlightRoutes({
    site: name,
    name: 'Northlight Flowers (slow skill host)',
    signIn: true,
    skills: [changeFlowerDelivery, checkFlowerOrder, findFlowers],
  });
  const path = `${WELL_KNOWN.skillIndex.replace(/index\.json$/, '')}${findFlowers.name}/SKILL.md`;
  const served = routes[path];
  if (!served) throw new Error(`northlight serves no ${path}`);
  let hits = 0;
  let arrived!: () => void;
  let release!: () => void;
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  routes[path] = async (ctx: SiteContext): Promise<FixtureResponse> => {
    hits += 1;
    if (hits === 1) {
      arrived();
      await released;
    }
    return typeof served === 'function' ? served(ctx) : served;
  };
  return {
    site: { name, summary: 'Northlight Flowers whose find-flowers file is held back on first request.', routes, expect: northlight.expect },
    requested,
    hits: () => hits,
    release,
  };
}
