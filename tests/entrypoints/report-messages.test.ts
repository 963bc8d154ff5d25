/**
 * The full-page report's messages: an origin the user typed, accepted only from our own pages
 * (never a content script), only as an origin, and only where the URL policy allows a check.
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Browser } from 'wxt/browser';
import { backgroundHandlers } from '../../entrypoints/background/handlers';
import { createScheduler, type RunCheck } from '../../utils/extension/check-scheduler';
import { liveOrigin } from '../../utils/extension/platform/badge-applier';
import { messageListener } from '../../utils/extension/platform/messages';
import * as storage from '../../utils/extension/platform/storage';
import { report } from '../extension/helpers';

const self = { id: 'test-extension-id', origin: 'chrome-extension://test-extension-id' };
const reportPage: Browser.runtime.MessageSender = {
  id: self.id,
  url: `${self.origin}/report.html?site=https%3A%2F%2Fshop.example`,
  origin: self.origin,
  tab: { id: 4 } as Browser.tabs.Tab,
};
const contentScript = (url: string): Browser.runtime.MessageSender => ({
  id: self.id,
  url,
  frameId: 0,
  tab: { id: 7, url } as Browser.tabs.Tab,
});

function setup() {
  const runCheck = vi.fn<RunCheck>(async (origin) => ({ report: report(origin, 'ok'), rawPoppy: '{}' }));
  const scheduler = createScheduler({ store: storage, runCheck, showBadge: async () => undefined, liveOrigin });
  fakeBrowser.runtime.onMessage.addListener(messageListener(backgroundHandlers(scheduler, liveOrigin), self));
  /** Triggers the listener as the browser would; resolves with its answer, or 'no answer' when dropped. */
  const send = (raw: unknown, sender: Browser.runtime.MessageSender) =>
    new Promise<unknown>((resolve) => {
      void fakeBrowser.runtime.onMessage
        .trigger(raw, sender, resolve)
        .then((kept) => ((kept as unknown[]).includes(true) ? undefined : resolve('no answer')));
    });
  return { runCheck, scheduler, send };
}

describe('checkSite', () => {
  it('checks an origin typed in the report page as the panel would (other hosts allowed) and stores the result', async () => {
    const { send, runCheck, scheduler } = setup();
    expect(await send({ type: 'checkSite', origin: 'https://shop.example', revalidate: false }, reportPage)).toBe(true);
    await scheduler.idle();
    expect(runCheck).toHaveBeenCalledWith(
      'https://shop.example',
      { allHosts: true, revalidate: false, maxSkills: 200 },
      expect.any(Function),
    );
    expect((await storage.getResult('https://shop.example'))?.report.verdict).toBe('ok');
    // Fresh: asking again runs nothing; "Check again" revalidates.
    await send({ type: 'checkSite', origin: 'https://shop.example', revalidate: false }, reportPage);
    await scheduler.idle();
    expect(runCheck).toHaveBeenCalledTimes(1);
    await send({ type: 'checkSite', origin: 'https://shop.example', revalidate: true }, reportPage);
    await scheduler.idle();
    expect(runCheck).toHaveBeenLastCalledWith(
      'https://shop.example',
      { allHosts: true, revalidate: true, maxSkills: 200 },
      expect.any(Function),
    );
  });

  it('checks a local development server on any port', async () => {
    const { send, runCheck, scheduler } = setup();
    expect(await send({ type: 'checkSite', origin: 'http://localhost:5173', revalidate: false }, reportPage)).toBe(true);
    await scheduler.idle();
    expect(runCheck).toHaveBeenCalledWith(
      'http://localhost:5173',
      { allHosts: true, revalidate: false, maxSkills: 200 },
      expect.any(Function),
    );
  });

  it.each([
    ['a content script on the site itself', contentScript('https://shop.example/')],
    ['a content script on our own report page URL', contentScript(`https://shop.example/report.html`)],
    ['another extension', { ...reportPage, id: 'other-extension' }],
    ['an extension page of another origin', { id: self.id, url: 'chrome-extension://other/report.html' }],
  ])('drops the message from %s', async (_name, sender) => {
    const { send, runCheck } = setup();
    expect(await send({ type: 'checkSite', origin: 'https://shop.example', revalidate: false }, sender)).toBe('no answer');
    expect(runCheck).not.toHaveBeenCalled();
  });

  it.each([
    ['a URL with a path', 'https://shop.example/products'],
    ['an origin with a trailing slash', 'https://shop.example/'],
    ['a bare host name', 'shop.example'],
    ['an upper-case host', 'https://SHOP.example'],
    ['plain http on a public host', 'http://shop.example'],
    ['a private address', 'https://192.168.1.1'],
    ['the cloud metadata address', 'https://169.254.169.254'],
    ['a LAN name', 'https://router.lan'],
    ['a loopback address outside the host matches', 'http://127.0.0.2:8080'],
    ['another scheme', 'file:///etc/passwd'],
    ['nothing', ''],
  ])('refuses %s and checks nothing', async (_name, origin) => {
    const { send, runCheck, scheduler } = setup();
    expect(await send({ type: 'checkSite', origin, revalidate: false }, reportPage)).toBe(false);
    await scheduler.idle();
    expect(runCheck).not.toHaveBeenCalled();
  });

  it.each([
    ['an origin past the length cap', { type: 'checkSite', origin: `https://${'a'.repeat(3000)}.example`, revalidate: false }],
    ['no revalidate flag', { type: 'checkSite', origin: 'https://shop.example' }],
    ['an origin that is not a string', { type: 'checkSite', origin: { href: 'https://shop.example' }, revalidate: false }],
  ])('drops a malformed payload: %s', async (_name, raw) => {
    const { send, runCheck } = setup();
    expect(await send(raw, reportPage)).toBe('no answer');
    expect(runCheck).not.toHaveBeenCalled();
  });
});

describe('getSiteSkillText', () => {
  it('refuses a content script and a non-origin, and answers null for a site never checked', async () => {
    const { send } = setup();
    const digest = `sha256:${'c'.repeat(64)}`;
    expect(await send({ type: 'getSiteSkillText', origin: 'https://shop.example', digest }, contentScript('https://shop.example/'))).toBe(
      'no answer',
    );
    expect(await send({ type: 'getSiteSkillText', origin: 'https://shop.example/x', digest }, reportPage)).toBeNull();
    expect(await send({ type: 'getSiteSkillText', origin: 'https://shop.example', digest }, reportPage)).toBeNull();
  });
});
