/**
 * Northlight Flowers with one skill file that the test can hold back at any moment: while held,
 * every request for it waits until `release()`. Unlike harness/gated-site.ts (first request only),
 * a test can let a first check finish and hold the next one, to race a re-check against it.
 */
import { WELL_KNOWN } from '../../../utils/engine/spec';
import type { FixtureResponse, FixtureSite, SiteContext } from '../../fixtures/site';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightRoutes } from '../../fixtures/stores/northlight';
import { changeFlowerDelivery, checkFlowerOrder, findFlowers } from '../../fixtures/stores/northlight-skills';

export interface HeldSite {
  site: FixtureSite;
  /** From now on, requests for the file wait; resolves when the first of them arrives. */
  hold(): Promise<void>;
  release(): void;
  hits(): number;
}

export function heldNorthlight(name: string): HeldSite {
  const routes = northlightRoutes({
    site: name,
    name: 'Northlight Flowers (held skill file)',
    signIn: true,
    skills: [changeFlowerDelivery, checkFlowerOrder, findFlowers],
  });
  const path = `${WELL_KNOWN.skillIndex.replace(/index\.json$/, '')}${findFlowers.name}/SKILL.md`;
  const served = routes[path];
  if (!served) throw new Error(`northlight serves no ${path}`);
  let hits = 0;
  let gate: Promise<void> | null = null;
  let open = () => {};
  let arrived = () => {};
  routes[path] = async (ctx: SiteContext): Promise<FixtureResponse> => {
    hits += 1;
    if (gate) {
      arrived();
      await gate;
    }
    return typeof served === 'function' ? served(ctx) : served;
  };
  return {
    site: { name, summary: 'Northlight Flowers whose find-flowers file the test holds back on demand.', routes, expect: northlight.expect },
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
      return new Promise<void>((resolve) => (arrived = resolve));
    },
    release() {
      gate = null;
      open();
    },
    hits: () => hits,
  };
}
