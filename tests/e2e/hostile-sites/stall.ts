/**
 * A site whose one skill file answers its headers and a few bytes, then goes quiet for good: the
 * 10 s timeout (D5) must end the check. `requested` lets a test act while the file is stalled
 * (stop the worker under it); every request for it stalls the same way.
 */
import { WELL_KNOWN } from '../../../utils/engine/spec';
import { markdown, type FixtureSite, type Route } from '../../fixtures/site';
import { entryFor, indexOf, plainSkill, SKILLS_DIR } from '../../fixtures/hostile/kit';

export interface StallSite {
  site: FixtureSite;
  /** Resolves when the stalled file is first requested. */
  requested: Promise<void>;
  hits(): number;
}

const fine = plainSkill('fine');
const stalled = plainSkill('stalled');

async function* stallAfter(head: Uint8Array): AsyncIterable<Uint8Array> {
  yield head;
  await new Promise<never>(() => {});
}

export function stallSite(name = 'j-stall'): StallSite {
  let hits = 0;
  let arrived!: () => void;
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  const stall: Route = () => {
    hits += 1;
    arrived();
    return { ...markdown(stalled), body: stallAfter(stalled.subarray(0, 8)) };
  };
  return {
    site: {
      name,
      summary: 'One skill file sends its headers and 8 bytes, then nothing ever again.',
      routes: {
        [WELL_KNOWN.skillIndex]: indexOf([entryFor('fine', 'fine/SKILL.md', fine), entryFor('stalled', 'stalled/SKILL.md', stalled)]),
        [`${SKILLS_DIR}fine/SKILL.md`]: markdown(fine),
        [`${SKILLS_DIR}stalled/SKILL.md`]: stall,
      },
      expect: { verdict: 'errors', poppy: false, source: 'well-known', skills: { fine: 'verified', stalled: 'unreachable' } },
    },
    requested,
    hits: () => hits,
  };
}
