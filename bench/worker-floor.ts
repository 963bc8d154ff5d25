// The floor under the worker's figure (docs/benchmarks.md): the least a check can cost in the browser,
// measured in the extension's own worker. The same requests as the engine makes for a
// 200-skill site (poppy.json, the index, every SKILL.md, 6 at a time), each body digested, with
// the options every check sends (fetch-bounded.ts's requestInit: skill files kept out of the
// HTTP cache); no page visit, no parsing, no storage, no badge. Its variants
// (worker-floor-variants.ts) each change one thing about how a check makes its requests.
import { requestInit } from '../utils/engine/net/fetch-bounded';
import { WELL_KNOWN } from '../utils/engine/spec';

/**
 * - `as-asked`: the loop as above.
 * - `no-guard-rules`: the network guard's declarativeNetRequest session rules taken away for the
 *   loop (and put back after it). Chromium matches every request against them.
 * - `watched`: the guard's webRequest observers registered, as during a public site's check in
 *   Chromium (platform/network-guard.ts).
 * - `streamed`: each body read a chunk at a time, as fetchBounded reads it to enforce its cap,
 *   instead of `arrayBuffer()`.
 * - `http-cache`: skill files through the HTTP cache (`cache: 'default'`) instead of `no-store`.
 * - `pair-first`: poppy.json and the index asked together, as a check asks them, instead of one
 *   after the other (on a fresh site over HTTP/1.1: two connections instead of one).
 */
export type FloorVariant = 'as-asked' | 'no-guard-rules' | 'watched' | 'streamed' | 'http-cache' | 'pair-first';

/** Runs in the worker; resolves with its own clock's milliseconds and the bodies that matched. */
export const bareWorkerLoop = (origin: string, variant: FloorVariant = 'as-asked') => `(async () => {
  const variant = ${JSON.stringify(variant)};
  const origin = ${JSON.stringify(origin)};
  const init = ${JSON.stringify(requestInit('index', {}, false))};
  const skillInit = ${JSON.stringify(requestInit('skill-md', {}, false))};
  if (variant === 'http-cache') skillInit.cache = 'default';
  const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const read = async (response) => {
    if (variant !== 'streamed') return response.arrayBuffer();
    const reader = response.body.getReader();
    const chunks = [];
    let length = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      chunks.push(part.value);
      length += part.value.length;
    }
    const bytes = new Uint8Array(length);
    for (let i = 0, at = 0; i < chunks.length; at += chunks[i].length, i++) bytes.set(chunks[i], at);
    return bytes;
  };
  const rules = variant === 'no-guard-rules' ? await chrome.declarativeNetRequest.getSessionRules() : [];
  if (rules.length > 0) await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: rules.map((r) => r.id) });
  const observe = () => {};
  const filter = { urls: ['<all_urls>'], tabId: -1 };
  if (variant === 'watched') {
    chrome.webRequest.onBeforeRedirect.addListener(observe, filter, ['responseHeaders']);
    chrome.webRequest.onErrorOccurred.addListener(observe, filter);
  }
  try {
    const start = performance.now();
    const poppy = () => fetch(origin + ${JSON.stringify(WELL_KNOWN.poppy)}, init).then((r) => r.arrayBuffer());
    const indexUrl = origin + ${JSON.stringify(WELL_KNOWN.skillIndex)};
    const readIndex = () => fetch(indexUrl, init).then((r) => r.json());
    let index;
    if (variant === 'pair-first') [, index] = await Promise.all([poppy(), readIndex()]);
    else index = await poppy().then(readIndex);
    let next = 0;
    let verified = 0;
    const worker = async () => {
      while (next < index.skills.length) {
        const skill = index.skills[next++];
        const stop = new AbortController();
        const bytes = await read(await fetch(new URL(skill.url, indexUrl).href, { ...skillInit, signal: stop.signal }));
        if ('sha256:' + hex(await crypto.subtle.digest('SHA-256', bytes)) === skill.digest) verified++;
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    return { ms: performance.now() - start, verified };
  } finally {
    if (rules.length > 0) await chrome.declarativeNetRequest.updateSessionRules({ addRules: rules });
    if (variant === 'watched') {
      chrome.webRequest.onBeforeRedirect.removeListener(observe);
      chrome.webRequest.onErrorOccurred.removeListener(observe);
    }
  }
})()`;
