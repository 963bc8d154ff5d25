/** The complex preview in Chromium: the scenario of harness/complex-preview.ts. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { FixtureServer } from '../../fixtures/server';
import { canaryLinks } from '../hostile-sites/canary-links';
import { complexSkill } from '../hostile-sites/complex-skill';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { complexPreviewScenario } from '../harness/complex-preview';
import { startHostileServer } from '../harness/hostile';

let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startHostileServer([complexSkill, canaryLinks]);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a SKILL.md too complex to preview (Chromium)', () => {
  it('the panel shows its text in a worker of its own; another tab gets its badge meanwhile', async () => {
    await complexPreviewScenario(browser, server, canaryLinks.name);
  });
});
