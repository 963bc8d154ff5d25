import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { liveOrigin } from '../../utils/extension/platform/badge-applier';
import { backgroundHandlers } from '../../entrypoints/background/handlers';
import { createScheduler, type RunCheck } from '../../utils/extension/check-scheduler';
import * as storage from '../../utils/extension/platform/storage';
import type { SkillReport } from '../../utils/engine/report/report';
import { report, skill } from '../extension/helpers';

const A = 'https://flowers.example';
/** Panel messages come from our own pages. */
const EXTENSION = { kind: 'extension' } as const;
const MD =
  '---\nname: find-flowers\ndescription: Finds flowers.\n---\n# Find flowers\n\nSee [the shop](./shop), [the router](https://192.168.1.1/reboot) and <script>alert(1)</script>\n';

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function setup() {
  const runCheck = vi.fn<RunCheck>(async (origin) => ({ report: report(origin, 'ok'), rawPoppy: null }));
  const scheduler = createScheduler({ store: storage, runCheck, showBadge: async () => undefined, liveOrigin });
  const handlers = backgroundHandlers(scheduler, liveOrigin);
  const tab = async (url: string) => (await fakeBrowser.tabs.create({ url })).id!;
  return { runCheck, scheduler, handlers, tab };
}

describe('panel messages in the background', () => {
  it('panelOpened checks the origin the browser says the tab shows', async () => {
    const { handlers, runCheck, scheduler, tab } = await setup();
    await handlers.panelOpened({ type: 'panelOpened', tabId: await tab(`${A}/shop`) }, EXTENSION);
    await scheduler.idle();
    expect(runCheck).toHaveBeenCalledWith(A, { allHosts: true, revalidate: false, maxSkills: 200 }, expect.any(Function));
  });

  it.each([['chrome://settings/'], ['about:blank'], ['http://flowers.example/']])('panelOpened on %s checks nothing', async (url) => {
    const { handlers, runCheck, tab } = await setup();
    await handlers.panelOpened({ type: 'panelOpened', tabId: await tab(url) }, EXTENSION);
    await handlers.recheck({ type: 'recheck', tabId: await tab(url) }, EXTENSION);
    await handlers.panelOpened({ type: 'panelOpened', tabId: 12345 }, EXTENSION); // no such tab
    expect(runCheck).not.toHaveBeenCalled();
  });

  it('choicesChanged: a visit after it follows the choice another page stored, though the background keeps a copy', async () => {
    const { handlers, runCheck, scheduler, tab } = await setup();
    await scheduler.pageVisited(await tab('https://other.example/'), 'https://other.example');
    await scheduler.idle();
    // The panel, in its own page, makes the site quiet and says so.
    await fakeBrowser.storage.local.set({ 'quiet-sites': { version: 1, origins: [A] } });
    await handlers.choicesChanged({ type: 'choicesChanged' }, EXTENSION);
    await scheduler.pageVisited(await tab(`${A}/`), A);
    await scheduler.idle();
    expect(runCheck.mock.calls.map(([origin]) => origin)).toEqual(['https://other.example']);
  });

  it('forgetSite forgets what the tab’s origin published, and the changes shown from it', async () => {
    const { handlers, runCheck, scheduler, tab } = await setup();
    runCheck.mockImplementationOnce(async (origin) => ({ report: report(origin, 'ok', [skill('a', 'verified')]), rawPoppy: null }));
    const t = await tab(`${A}/`);
    await handlers.recheck({ type: 'recheck', tabId: t }, EXTENSION);
    await scheduler.idle();
    await handlers.recheck({ type: 'recheck', tabId: t }, EXTENSION);
    await scheduler.idle();
    expect((await storage.getResult(A))?.changes?.list.map((c) => c.kind)).toEqual(['skill-removed']);
    await handlers.forgetSite({ type: 'forgetSite', tabId: t }, EXTENSION);
    expect((await storage.getResult(A))?.changes).toBeUndefined();
    // Forgotten: the memory has nothing earlier to compare with.
    const earlier = vi.fn(() => null);
    await storage.rememberSite(
      A,
      { poppy: false, issuer: null, domain: null, scopes: {}, apis: [], excludedTasks: [], skills: {} },
      'x',
      earlier,
    );
    expect(earlier).toHaveBeenCalledWith(null);
  });

  it('recheck revalidates', async () => {
    const { handlers, runCheck, scheduler, tab } = await setup();
    await handlers.recheck({ type: 'recheck', tabId: await tab(`${A}/`) }, EXTENSION);
    await scheduler.idle();
    expect(runCheck).toHaveBeenCalledWith(A, { allHosts: true, revalidate: true, maxSkills: 200 }, expect.any(Function));
  });
});

describe('getSkillText', () => {
  async function withSkill(status: 'verified' | 'mismatch') {
    const hex = await sha256(MD);
    const digest = `sha256:${hex}`;
    const listed = { ...skill('find-flowers', status, digest), url: `${A}/skills/find-flowers/SKILL.md` };
    await storage.setResult(A, {
      report: report(A, status === 'verified' ? 'ok' : 'errors', [listed]),
      rawPoppy: null,
      checkedAt: Date.now(),
      allHosts: true,
    });
    await storage.skillBodies.put(hex, new TextEncoder().encode(MD));
    return digest;
  }

  it('returns the verified body (frontmatter split off) and its URL, parsing no Markdown (the panel does, in a worker it can stop)', async () => {
    const { handlers, tab } = await setup();
    const digest = await withSkill('verified');
    const text = await handlers.getSkillText({ type: 'getSkillText', tabId: await tab(`${A}/`), digest }, EXTENSION);
    expect(text).toEqual({ markdown: MD.slice(MD.indexOf('# Find flowers')), base: `${A}/skills/find-flowers/SKILL.md` });
  });

  it('refuses a mismatch even with the bytes in the cache', async () => {
    const { handlers, tab } = await setup();
    const digest = await withSkill('mismatch');
    expect(await handlers.getSkillText({ type: 'getSkillText', tabId: await tab(`${A}/`), digest }, EXTENSION)).toBeNull();
  });

  it("answers from the tab's own origin only", async () => {
    const { handlers, tab } = await setup();
    const digest = await withSkill('verified');
    expect(await handlers.getSkillText({ type: 'getSkillText', tabId: await tab('https://other.example/'), digest }, EXTENSION)).toBeNull();
  });

  it("an archive's SKILL.md, by that file's own digest, with no base: its relative links name files in the archive", async () => {
    const { handlers, tab } = await setup();
    const archiveDigest = `sha256:${'ab'.repeat(32)}`;
    const hex = await sha256(MD);
    const listed: SkillReport = {
      ...skill('find-flowers', 'verified', archiveDigest),
      type: 'archive',
      url: `${A}/skills/find-flowers.tar.gz`,
      archive: {
        format: 'tar.gz',
        entryCount: 1,
        files: [],
        filesOmitted: 1,
        partial: false,
        unpackedBytes: 1,
        skillMdDigest: `sha256:${hex}`,
      },
    };
    await storage.setResult(A, { report: report(A, 'ok', [listed]), rawPoppy: null, checkedAt: Date.now(), allHosts: true });
    await storage.skillBodies.put(hex, new TextEncoder().encode(MD));
    const text = await handlers.getSkillText({ type: 'getSkillText', tabId: await tab(`${A}/`), digest: archiveDigest }, EXTENSION);
    // No base: the panel's worker keeps relative links as text (tests/extension/skill-preview.test.ts).
    expect(text).toEqual({ markdown: MD.slice(MD.indexOf('# Find flowers')), base: null });
    // The SKILL.md's own digest is not a key the panel may ask by: only the archive's is listed.
    expect(await handlers.getSkillText({ type: 'getSkillText', tabId: await tab(`${A}/`), digest: `sha256:${hex}` }, EXTENSION)).toBeNull();
  });
});
