/**
 * A verified skill whose links all lead to the canary site, some of them disguised: the panel
 * must show every link's real target, and nothing may reach the canary unless the person clicks
 * a real link. Complements h-markup (active markup and images aimed at the canary).
 */
import { WELL_KNOWN } from '../../../utils/engine/spec';
import { bytesOf, digestOf, json, markdown, skillIndex, type FixtureSite, type Route, type SiteContext } from '../../fixtures/site';
import { SKILLS_DIR } from '../../fixtures/hostile/kit';
import { CANARY } from '../../fixtures/hostile/skill-content';

export const CANARY_LINKS_SITE = 'j-canary-links';
const NAME = 'canary-links';

function body(c: string): string {
  return [
    `[Visit our docs](${c}/visit)`,
    `[https://bank.example/login](${c}/disguised)`,
    `<${c}/autolink>`,
    `<a href="${c}/raw-html">raw HTML link</a>`,
    `[data](data:text/html,<script>alert(1)</script>)`,
    `![tracking pixel](${c}/pixel.gif "title")`,
  ].join('\n\n');
}

function file(ctx: SiteContext): Uint8Array {
  return bytesOf(
    `---\nname: ${NAME}\ndescription: Links to the canary, some in disguise.\n---\n\n# Links\n\n${body(ctx.originOf(CANARY))}\n`,
  );
}

const index: Route = (ctx) => {
  const bytes = file(ctx);
  return json(
    skillIndex([
      {
        name: NAME,
        description: 'Links to the canary, some in disguise.',
        type: 'skill-md',
        url: `${NAME}/SKILL.md`,
        digest: digestOf(bytes),
      },
    ]),
  );
};

export const canaryLinks: FixtureSite = {
  name: CANARY_LINKS_SITE,
  summary: 'One verified skill whose links (plain, disguised, autolink, raw HTML, data:) point at the canary.',
  routes: {
    [WELL_KNOWN.skillIndex]: index,
    [`${SKILLS_DIR}${NAME}/SKILL.md`]: (ctx) => markdown(file(ctx)),
  },
  expect: { verdict: 'ok', poppy: false, source: 'well-known', skills: { [NAME]: 'verified' } },
};
