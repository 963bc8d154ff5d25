// The floor under the worker's figure (issue 12 §1): the least a check can cost in the browser,
// measured in the extension's own worker. The same requests as the engine makes for a
// 200-skill site (poppy.json, the index, every SKILL.md, 6 at a time), each body digested, with
// the options every check sends (fetch-bounded.ts's requestInit: skill files kept out of the
// HTTP cache); no page visit, no parsing, no storage, no badge.
import { requestInit } from '../utils/engine/net/fetch-bounded';
import { WELL_KNOWN } from '../utils/engine/spec';

/** Runs in the worker; resolves with its own clock's milliseconds and the bodies that matched. */
export const bareWorkerLoop = (origin: string) => `(async () => {
  const origin = ${JSON.stringify(origin)};
  const init = ${JSON.stringify(requestInit('index', {}, false))};
  const skillInit = ${JSON.stringify(requestInit('skill-md', {}, false))};
  const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const start = performance.now();
  await (await fetch(origin + ${JSON.stringify(WELL_KNOWN.poppy)}, init)).arrayBuffer();
  const indexUrl = origin + ${JSON.stringify(WELL_KNOWN.skillIndex)};
  const index = await (await fetch(indexUrl, init)).json();
  let next = 0;
  let verified = 0;
  const worker = async () => {
    while (next < index.skills.length) {
      const skill = index.skills[next++];
      const stop = new AbortController();
      const bytes = await (await fetch(new URL(skill.url, indexUrl).href, { ...skillInit, signal: stop.signal })).arrayBuffer();
      if ('sha256:' + hex(await crypto.subtle.digest('SHA-256', bytes)) === skill.digest) verified++;
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return { ms: performance.now() - start, verified };
})()`;
