/** The complex preview in Firefox ESR: the scenario of harness/complex-preview.ts. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { FixtureServer } from '../../fixtures/server';
import { publicDomain } from '../../fixtures/site';
import { canaryLinks } from '../hostile-sites/canary-links';
import { complexSkill } from '../hostile-sites/complex-skill';
import { complexPreviewScenario } from '../harness/complex-preview';
import { launchFirefox, type FirefoxSession } from '../harness/firefox';
import { startHostileServer } from '../harness/hostile';

let server: FixtureServer;
let browser: FirefoxSession;

beforeAll(async () => {
  server = await startHostileServer([complexSkill, canaryLinks]);
  browser = await launchFirefox({ publicNames: [complexSkill.name, canaryLinks.name].map(publicDomain) });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a SKILL.md too complex to preview (Firefox)', () => {
  it('the panel shows its text in a worker of its own; another tab gets its badge meanwhile', async () => {
    await complexPreviewScenario(browser, server, canaryLinks.name);
  });
});
