import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Browser } from 'wxt/browser';
import { acceptMessage, messageListener, type Handlers } from '../../../utils/extension/platform/messages';
import { selfIdentity } from '../../../utils/extension/platform/runtime';

const self = { id: 'test-extension-id', origin: 'chrome-extension://test-extension-id' };
const digest = `sha256:${'b'.repeat(64)}`;
type Sender = Browser.runtime.MessageSender;

const page = (url: string, extra: Partial<Sender> = {}): Sender => ({
  id: self.id,
  url,
  frameId: 0,
  tab: { id: 7, url } as Browser.tabs.Tab,
  ...extra,
});
const popup: Sender = { id: self.id, url: `${self.origin}/popup.html?tabId=7`, origin: self.origin };

describe('selfIdentity', () => {
  it('builds the extension origin from the runtime even where URL.origin says "null"', () => {
    expect(selfIdentity()).toEqual(self);
  });
});

describe('acceptMessage', () => {
  it('takes a content script origin from the sender, never from the payload', () => {
    const accepted = acceptMessage({ type: 'pageVisited', origin: 'https://evil.example' }, page('https://flowers.example/shop?x=1'), self);
    expect(accepted).toEqual({ sender: { kind: 'page', tabId: 7, origin: 'https://flowers.example' }, message: { type: 'pageVisited' } });
  });

  it('accepts the document a tab shows (Chrome: documentLifecycle active)', () => {
    const accepted = acceptMessage({ type: 'pageVisited' }, page('https://flowers.example/', { documentLifecycle: 'active' }), self);
    expect(accepted?.sender).toEqual({ kind: 'page', tabId: 7, origin: 'https://flowers.example' });
  });

  it("says whether the tab is in a private window when the browser's record does, never from the payload", () => {
    const tab = (incognito: boolean) => ({ id: 7, url: 'https://flowers.example/', incognito }) as Browser.tabs.Tab;
    const visit = { type: 'pageVisited', incognito: false };
    expect(acceptMessage(visit, page('https://flowers.example/', { tab: tab(true) }), self)?.sender).toEqual({
      kind: 'page',
      tabId: 7,
      origin: 'https://flowers.example',
      incognito: true,
    });
    expect(acceptMessage(visit, page('https://flowers.example/', { tab: tab(false) }), self)?.sender).toMatchObject({ incognito: false });
    expect(acceptMessage(visit, page('https://flowers.example/'), self)?.sender).not.toHaveProperty('incognito');
  });

  it("prefers Chrome's sender.origin over the URLs", () => {
    const accepted = acceptMessage(
      { type: 'pageVisited' },
      page('https://flowers.example/', { origin: 'https://shop.flowers.example' }),
      self,
    );
    expect(accepted?.sender).toEqual({ kind: 'page', tabId: 7, origin: 'https://shop.flowers.example' });
  });

  it('accepts panel messages from our own pages, popup or tab', () => {
    expect(acceptMessage({ type: 'recheck', tabId: 7 }, popup, self)).toEqual({
      sender: { kind: 'extension' },
      message: { type: 'recheck', tabId: 7 },
    });
    const inTab: Sender = { id: self.id, url: `${self.origin}/popup.html?tabId=3`, tab: { id: 9 } as Browser.tabs.Tab };
    expect(acceptMessage({ type: 'getSkillText', tabId: 3, digest }, inTab, self)?.message).toEqual({
      type: 'getSkillText',
      tabId: 3,
      digest,
    });
  });

  it.each<[string, unknown, Sender]>([
    ['another extension', { type: 'pageVisited' }, { ...page('https://flowers.example/'), id: 'other-extension' }],
    ['no sender id', { type: 'pageVisited' }, { url: 'https://flowers.example/', tab: { id: 1 } as Browser.tabs.Tab }],
    ['a content script without a tab', { type: 'pageVisited' }, { id: self.id, url: 'https://flowers.example/', frameId: 0 }],
    ['a subframe', { type: 'pageVisited' }, page('https://flowers.example/', { frameId: 3 })],
    ['a prerendered page (not visited yet)', { type: 'pageVisited' }, page('https://flowers.example/', { documentLifecycle: 'prerender' })],
    ['a page in the back/forward cache', { type: 'pageVisited' }, page('https://flowers.example/', { documentLifecycle: 'cached' })],
    ['a page being replaced', { type: 'pageVisited' }, page('https://flowers.example/', { documentLifecycle: 'pending_deletion' })],
    ['plain http on a public host', { type: 'pageVisited' }, page('http://flowers.example/')],
    ['a file: page', { type: 'pageVisited' }, page('file:///home/me/poppy.json')],
    ['an extension store', { type: 'pageVisited' }, page('https://chromewebstore.google.com/detail/x')],
    ['a content script sending a panel message', { type: 'recheck', tabId: 7 }, page('https://flowers.example/')],
    ['a content script asking for the remaining skills', { type: 'checkRemaining', tabId: 7 }, page('https://flowers.example/')],
    ['the remaining skills of a URL, not a tab', { type: 'checkRemaining', url: 'https://flowers.example/' }, popup],
    ['a content script asking for a skill body', { type: 'getSkillText', tabId: 7, digest }, page('https://flowers.example/')],
    [
      'a page claiming our origin only in sender.origin',
      { type: 'recheck', tabId: 7 },
      page('https://flowers.example/', { origin: self.origin }),
    ],
    ['an extension page of another origin', { type: 'recheck', tabId: 7 }, { id: self.id, url: 'chrome-extension://other/popup.html' }],
    ['our page with a foreign sender.origin', { type: 'recheck', tabId: 7 }, { ...popup, origin: 'https://flowers.example' }],
    ['our page reporting a visit', { type: 'pageVisited' }, popup],
    ['an unknown type', { type: 'fetchText', url: 'http://169.254.169.254/' }, popup],
    ['no type', { tabId: 7 }, popup],
    ['a string', 'recheck', popup],
    ['null', null, popup],
    ['a negative tab id', { type: 'recheck', tabId: -1 }, popup],
    ['a fractional tab id', { type: 'panelOpened', tabId: 1.5 }, popup],
    ['a tab id as a string', { type: 'panelOpened', tabId: '7' }, popup],
    ['a digest in SRI form', { type: 'getSkillText', tabId: 7, digest: `sha256-${'b'.repeat(43)}=` }, popup],
    ['an upper-case digest', { type: 'getSkillText', tabId: 7, digest: digest.toUpperCase() }, popup],
  ])('drops %s', (_name, message, sender) => {
    expect(acceptMessage(message, sender, self)).toBeNull();
  });

  it('is not confused by prototype keys in the payload', () => {
    const hostile = JSON.parse('{"type":"recheck","tabId":7,"__proto__":{"tabId":1},"constructor":{"x":1}}');
    expect(acceptMessage(hostile, popup, self)?.message).toEqual({ type: 'recheck', tabId: 7 });
  });
});

describe('messageListener through fakeBrowser.runtime', () => {
  function install() {
    const handlers: Handlers = {
      pageVisited: vi.fn(async () => undefined),
      choicesChanged: vi.fn(async () => undefined),
      panelOpened: vi.fn(async () => undefined),
      recheck: vi.fn(async () => undefined),
      forgetSite: vi.fn(async () => undefined),
      checkRemaining: vi.fn(async () => undefined),
      getSkillText: vi.fn(async () => ({ markdown: '# text', base: 'https://flowers.example/SKILL.md' })),
      checkSite: vi.fn(async () => true),
      getSiteSkillText: vi.fn(async () => null),
    };
    fakeBrowser.runtime.onMessage.addListener(messageListener(handlers, self));
    return handlers;
  }

  /** Triggers the listener as the browser would; resolves with its answer, or 'no answer'. */
  function send(message: unknown, sender: Sender): Promise<unknown> {
    return new Promise((resolve) => {
      void fakeBrowser.runtime.onMessage
        .trigger(message, sender, resolve)
        .then((kept) => ((kept as unknown[]).includes(true) ? undefined : resolve('no answer')));
    });
  }

  it('routes a visit with the sender tab and origin, and answers', async () => {
    const handlers = install();
    const answer = await send({ type: 'pageVisited' }, page('https://flowers.example/a'));
    expect(handlers.pageVisited).toHaveBeenCalledWith(
      { type: 'pageVisited' },
      { kind: 'page', tabId: 7, origin: 'https://flowers.example' },
    );
    expect(answer).toBeNull();
  });

  it("routes an extension page's word that the choices changed, and no page's", async () => {
    const handlers = install();
    expect(await send({ type: 'choicesChanged', autoCheck: false }, popup)).toBeNull();
    expect(handlers.choicesChanged).toHaveBeenCalledWith({ type: 'choicesChanged' }, { kind: 'extension' });
    expect(await send({ type: 'choicesChanged' }, page('https://flowers.example/'))).toBe('no answer');
    expect(handlers.choicesChanged).toHaveBeenCalledTimes(1);
  });

  it('routes "Check the remaining N" with its tab and nothing else', async () => {
    const handlers = install();
    const answer = await send({ type: 'checkRemaining', tabId: 4, maxSkills: 100000, origin: 'https://elsewhere.example' }, popup);
    expect(handlers.checkRemaining).toHaveBeenCalledWith({ type: 'checkRemaining', tabId: 4 }, { kind: 'extension' });
    expect(answer).toBeNull();
  });

  it('answers a skill text request with the handler result', async () => {
    const handlers = install();
    const answer = await send({ type: 'getSkillText', tabId: 4, digest }, popup);
    expect(handlers.getSkillText).toHaveBeenCalledWith({ type: 'getSkillText', tabId: 4, digest }, { kind: 'extension' });
    expect(answer).toEqual({ markdown: '# text', base: 'https://flowers.example/SKILL.md' });
  });

  it('leaves a rejected message unanswered and calls no handler', async () => {
    const handlers = install();
    const answer = await send({ type: 'recheck', tabId: 7 }, page('https://flowers.example/'));
    expect(answer).toBe('no answer');
    for (const fn of Object.values(handlers)) expect(fn).not.toHaveBeenCalled();
  });

  it('answers null when a handler fails, instead of leaving the panel waiting', async () => {
    const handlers = install();
    vi.mocked(handlers.getSkillText).mockRejectedValueOnce(new Error('boom'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await send({ type: 'getSkillText', tabId: 4, digest }, popup);
    expect(answer).toBeNull();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
