/**
 * The one messaging module (extension-security.md §7). Content scripts live in pages an attacker
 * controls, so every message is re-parsed with zod at the receiver, its sender is checked, and a
 * content script can only say "this page was visited": the background takes the origin from the
 * sender, never from the payload, and there is no generic fetch handler.
 */
import { browser, type Browser } from 'wxt/browser';
import { originOf, type SelfIdentity } from './runtime';
import { DIGEST_PATTERN } from '../../engine/spec';
import { supportedOrigin } from '../page-support';
import { z } from '../../engine/zod';

/**
 * The payload schemas, built on first use. Only the background receives messages; the popup and
 * the options page only send, and bundlers drop an unused function but never a top-level call,
 * so building them here keeps zod (most of those pages' weight) out of their bundles.
 */
let schema: ReturnType<typeof buildSchema> | undefined;
function buildSchema() {
  const tabId = z
    .number()
    .int()
    .min(0)
    .max(2 ** 31);
  return z.discriminatedUnion('type', [
    z.object({ type: z.literal('pageVisited') }),
    z.object({ type: z.literal('panelOpened'), tabId }),
    z.object({ type: z.literal('recheck'), tabId }),
    z.object({ type: z.literal('getSkillTree'), tabId, digest: z.string().max(80).regex(DIGEST_PATTERN) }),
  ]);
}

export type Message = z.infer<ReturnType<typeof buildSchema>>;
export type MessageType = Message['type'];
/** Sent by the content script; typed here so `entrypoints/detector.ts` can import only the type. */
export type PageVisited = Extract<Message, { type: 'pageVisited' }>;
export type PanelOpened = Extract<Message, { type: 'panelOpened' }>;
export type Recheck = Extract<Message, { type: 'recheck' }>;
export type GetSkillTree = Extract<Message, { type: 'getSkillTree' }>;

/** The only messages a content script may send; all others must come from our own pages. */
const FROM_CONTENT_SCRIPT: ReadonlySet<MessageType> = new Set(['pageVisited']);

/** Who sent a message, as established from the browser's sender record (never the payload). */
export type TrustedSender = { kind: 'page'; tabId: number; origin: string } | { kind: 'extension' };

/**
 * Classifies a sender, or null to drop the message: another extension, a subframe, a page not
 * covered by HOST_MATCHES, or an extension page of a different origin (as in Privacy Badger's
 * dispatcher, EFForg/privacybadger src/js/webrequest.js).
 */
export function classifySender(sender: Browser.runtime.MessageSender, self: SelfIdentity): TrustedSender | null {
  if (sender.id !== self.id) return null;
  const urlOrigin = originOf(sender.url);
  if (urlOrigin === self.origin && (sender.origin === undefined || sender.origin === self.origin)) return { kind: 'extension' };
  const tab = sender.tab;
  if (!tab || typeof tab.id !== 'number' || tab.id < 0) return null;
  // Our content script runs in top frames only; a message from a subframe is not ours to trust.
  if (sender.frameId !== undefined && sender.frameId !== 0) return null;
  // Chrome gives `origin`; Firefox only the frame URL. Either way the browser set it, not the page.
  const origin = supportedOrigin(sender.origin ?? sender.url ?? tab.url);
  return origin ? { kind: 'page', tabId: tab.id, origin } : null;
}

/** A message that passed both checks: its sender and its payload. */
export type Accepted = { sender: TrustedSender; message: Message };

/** Re-parses the payload and checks that this kind of sender may send this kind of message. */
export function acceptMessage(raw: unknown, sender: Browser.runtime.MessageSender, self: SelfIdentity): Accepted | null {
  const from = classifySender(sender, self);
  if (!from) return null;
  const parsed = (schema ??= buildSchema()).safeParse(raw);
  if (!parsed.success) return null;
  const message = parsed.data;
  if ((from.kind === 'page') !== FROM_CONTENT_SCRIPT.has(message.type)) return null;
  return { sender: from, message };
}

/** What each handler answers; null when the request was refused or there is nothing to give. */
export interface Handlers<TTree> {
  pageVisited(tabId: number, origin: string): Promise<void>;
  panelOpened(tabId: number): Promise<void>;
  recheck(tabId: number): Promise<void>;
  getSkillTree(tabId: number, digest: string): Promise<TTree | null>;
}

function dispatch<TTree>(accepted: Accepted, handlers: Handlers<TTree>): Promise<TTree | null | void> {
  const { message, sender } = accepted;
  switch (message.type) {
    case 'pageVisited':
      return sender.kind === 'page' ? handlers.pageVisited(sender.tabId, sender.origin) : Promise.resolve();
    case 'panelOpened':
      return handlers.panelOpened(message.tabId);
    case 'recheck':
      return handlers.recheck(message.tabId);
    case 'getSkillTree':
      return handlers.getSkillTree(message.tabId, message.digest);
  }
}

/**
 * A `runtime.onMessage` listener. Answers through `sendResponse` + `return true`, which both
 * browsers and WXT's fakeBrowser honour (fake-browser 2 ignores a returned Promise). Rejected
 * messages get no answer at all, so a probing page learns nothing.
 */
export function messageListener<TTree>(handlers: Handlers<TTree>, self: SelfIdentity) {
  return (raw: unknown, sender: Browser.runtime.MessageSender, sendResponse: (response: unknown) => void): boolean => {
    const accepted = acceptMessage(raw, sender, self);
    if (!accepted) return false;
    dispatch(accepted, handlers).then(
      (answer) => sendResponse(answer ?? null),
      (error: unknown) => {
        console.error('Poppy Inspector: message handler failed', error);
        sendResponse(null);
      },
    );
    return true;
  };
}

/** Extension pages → background. The answer comes from our own background, typed by request. */
export function sendToBackground(message: PanelOpened | Recheck): Promise<void>;
export function sendToBackground<TTree>(message: GetSkillTree): Promise<TTree | null>;
export async function sendToBackground(message: Exclude<Message, PageVisited>): Promise<unknown> {
  return (await browser.runtime.sendMessage(message)) ?? null;
}
