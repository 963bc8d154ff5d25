/**
 * The one messaging module (docs/architecture.md, "Messages"). Content scripts live in pages an
 * attacker controls, so every message is re-parsed with zod at the receiver, its sender is
 * checked, and a content script can only say "this page was visited": the background takes the
 * origin from the sender, never from the payload, and there is no generic fetch handler.
 *
 * Adding a message is one entry in MESSAGES plus its handler: the handler type, the dispatch and
 * the typed sender all derive from the map.
 */
import { browser, type Browser } from 'wxt/browser';
import { DIGEST_PATTERN, TYPED_SITE_MAX_CHARS } from '../../engine/spec';
import { z } from '../zod';
import { supportedOrigin } from '../page-support';
import type { VerifiedMarkdown } from '../verified-markdown';
import { originOf, type SelfIdentity } from './runtime';

/** Who may send a message: our content script in a page, or one of our own extension pages. */
type AllowedSender = 'content-script' | 'extension-page';

/**
 * Every message: its allowed sender, its payload schema (built on first use: the popup and the
 * options page only send, and bundlers drop an unused function but never a top-level call, so
 * zod stays out of their bundles) and the answer's type (a cast: for the compiler only, and a
 * call here would keep the map, and zod with it, in the pages that only send).
 */
const MESSAGES = {
  pageVisited: { from: 'content-script', payload: () => z.object({}), answer: undefined as void },
  panelOpened: { from: 'extension-page', payload: () => z.object({ tabId: tabIdSchema() }), answer: undefined as void },
  recheck: { from: 'extension-page', payload: () => z.object({ tabId: tabIdSchema() }), answer: undefined as void },
  // The options page or the panel changed the user's choices (options, quiet sites): the
  // background's copy for page visits is dropped, and read again at the next visit.
  choicesChanged: { from: 'extension-page', payload: () => z.object({}), answer: undefined as void },
  // "Forget this site" (D13): what the tab's origin published is no longer remembered.
  forgetSite: { from: 'extension-page', payload: () => z.object({ tabId: tabIdSchema() }), answer: undefined as void },
  // "Check the remaining N": the tab's own origin checked again with the raised skill cap (never
  // a URL or a number from the page: the cap is one constant, spec.ts RAISED_MAX_SKILLS).
  checkRemaining: { from: 'extension-page', payload: () => z.object({ tabId: tabIdSchema() }), answer: undefined as void },
  // The text only: the panel parses it in a worker it can stop (utils/extension/skill-preview.ts),
  // so no SKILL.md can hold the background, where every tab's checks run.
  getSkillText: {
    from: 'extension-page',
    payload: () => z.object({ tabId: tabIdSchema(), digest: z.string().check(z.maxLength(80), z.regex(DIGEST_PATTERN)) }),
    answer: null as VerifiedMarkdown | null,
  },
  // The full-page report: an origin the user typed in our own page (or the panel's site). The
  // handler re-reads it with the URL policy and refuses anything but an origin it would print
  // itself; content scripts can never send it (their sender is a page, not an extension page).
  checkSite: {
    from: 'extension-page',
    payload: () => z.object({ origin: originSchema(), revalidate: z.boolean() }),
    answer: false as boolean,
  },
  getSiteSkillText: {
    from: 'extension-page',
    payload: () => z.object({ origin: originSchema(), digest: z.string().check(z.maxLength(80), z.regex(DIGEST_PATTERN)) }),
    answer: null as VerifiedMarkdown | null,
  },
} as const satisfies Record<string, { from: AllowedSender; payload: () => z.ZodMiniObject; answer: unknown }>;

function originSchema() {
  return z.string().check(z.maxLength(TYPED_SITE_MAX_CHARS));
}

function tabIdSchema() {
  return z.int().check(z.gte(0), z.lte(2 ** 31));
}

type Map = typeof MESSAGES;
export type MessageType = keyof Map;
/** A payload's fields (an empty zod object infers as an index signature; keep named keys only). */
type Payload<K extends MessageType> = NamedKeys<z.infer<ReturnType<Map[K]['payload']>>>;
type NamedKeys<T> = { [P in keyof T as string extends P ? never : P]: T[P] };
type Answer<K extends MessageType> = Map[K]['answer'];
/** One message as sent: `{ type, ...payload }`. */
export type Message<K extends MessageType = MessageType> = { [T in K]: { type: T } & Payload<T> }[K];
type SentBy<S extends AllowedSender> = { [K in MessageType]: Map[K]['from'] extends S ? K : never }[MessageType];

/** Who sent a message, as established from the browser's sender record (never the payload). */
export type PageSender = { kind: 'page'; tabId: number; origin: string; incognito?: boolean };
export type TrustedSender = PageSender | { kind: 'extension' };
type SenderOf<K extends MessageType> = Map[K]['from'] extends 'content-script' ? PageSender : { kind: 'extension' };

/** What the background does for each message; an answer of null means refused or nothing to give. */
export type Handlers = { [K in MessageType]: (message: Message<K>, sender: SenderOf<K>) => Promise<Answer<K>> };

/**
 * Classifies a sender, or null to drop the message: another extension, a subframe, a page not
 * covered by HOST_MATCHES, or an extension page of a different origin (as in Privacy Badger's
 * dispatcher, EFForg/privacybadger src/js/webrequest.js).
 */
function classifySender(sender: Browser.runtime.MessageSender, self: SelfIdentity): TrustedSender | null {
  if (sender.id !== self.id) return null;
  const urlOrigin = originOf(sender.url);
  if (urlOrigin === self.origin && (sender.origin === undefined || sender.origin === self.origin)) return { kind: 'extension' };
  const tab = sender.tab;
  if (!tab || typeof tab.id !== 'number' || tab.id < 0) return null;
  // Our content script runs in top frames only; a message from a subframe is not ours to trust.
  if (sender.frameId !== undefined && sender.frameId !== 0) return null;
  // Only the document the tab shows may speak for it (Chrome says which; Firefox has no such
  // field): a prerendered page is not visited yet, a cached or departing one no longer is.
  if (sender.documentLifecycle !== undefined && sender.documentLifecycle !== 'active') return null;
  // Chrome gives `origin`; Firefox only the frame URL. Either way the browser set it, not the page.
  const origin = supportedOrigin(sender.origin ?? sender.url ?? tab.url);
  if (!origin) return null;
  // Whether the tab is in a private window, when the browser says: spares the check a look (D13).
  return typeof tab.incognito === 'boolean'
    ? { kind: 'page', tabId: tab.id, origin, incognito: tab.incognito }
    : { kind: 'page', tabId: tab.id, origin };
}

/** A message that passed both checks: its sender and its payload. */
export type Accepted = { sender: TrustedSender; message: Message };

const schemas = new Map<MessageType, z.ZodMiniObject>();
function schemaFor(type: MessageType): z.ZodMiniObject {
  let schema = schemas.get(type);
  if (!schema) schemas.set(type, (schema = MESSAGES[type].payload()));
  return schema;
}

const isMessageType = (value: unknown): value is MessageType => typeof value === 'string' && Object.hasOwn(MESSAGES, value);

/** Re-parses the payload and checks that this kind of sender may send this kind of message. */
export function acceptMessage(raw: unknown, sender: Browser.runtime.MessageSender, self: SelfIdentity): Accepted | null {
  const from = classifySender(sender, self);
  if (!from || typeof raw !== 'object' || raw === null) return null;
  const type = (raw as { type?: unknown }).type;
  if (!isMessageType(type)) return null;
  if ((from.kind === 'page') !== (MESSAGES[type].from === 'content-script')) return null;
  const parsed = schemaFor(type).safeParse(raw);
  if (!parsed.success) return null;
  return { sender: from, message: { ...parsed.data, type } as Message };
}

function dispatch(accepted: Accepted, handlers: Handlers): Promise<unknown> {
  const { message, sender } = accepted;
  // acceptMessage matched the sender's kind to the message's allowed sender.
  const handler = handlers[message.type] as (message: Message, sender: TrustedSender) => Promise<unknown>;
  return handler(message, sender);
}

/**
 * A `runtime.onMessage` listener. Answers through `sendResponse` + `return true`, which both
 * browsers and WXT's fakeBrowser honour (fake-browser 2 ignores a returned Promise). Rejected
 * messages get no answer at all, so a probing page learns nothing.
 */
export function messageListener(handlers: Handlers, self: SelfIdentity) {
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
export async function sendToBackground<K extends SentBy<'extension-page'>>(message: Message<K>): Promise<Answer<K> | null> {
  return ((await browser.runtime.sendMessage(message)) ?? null) as Answer<K> | null;
}
