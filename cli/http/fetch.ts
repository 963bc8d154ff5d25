/**
 * `fetch` as the engine calls it, on node:http / node:https (cli/http/request.ts): the ports the
 * Fetch standard blocks stay blocked (a site must not make us speak HTTP to its mail or SSH
 * server), and `redirect: 'manual'` answers a redirect as it is, which is how the command line
 * runs: the engine judges every hop. Other modes follow up to 20 hops, as fetch does; tests use
 * that to stand in for a browser.
 */
import type { RequestStop } from '../../utils/engine/net/request-stop';
import { failed, requestOnce, type Connections } from './request';
import type { NodeResponse } from './response';

export type { Connections } from './request';

/** The Fetch standard's "bad ports" (https://fetch.spec.whatwg.org/#port-blocking). */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_HOPS = 20;

function refuseBadPort(url: string): void {
  const port = URL.canParse(url) ? new URL(url).port : '';
  if (port !== '' && BAD_PORTS.has(Number(port))) throw failed(new Error('bad port'));
}

/** The URL and redirect flag fetch would report. */
function arrived(response: NodeResponse, url: string, redirected: boolean): NodeResponse {
  response.url = url;
  response.redirected = redirected;
  return response;
}

export async function nodeFetch(url: string, init: RequestInit, connections: Connections, stop: RequestStop): Promise<NodeResponse> {
  refuseBadPort(url);
  if (init.redirect === 'manual') return arrived(await requestOnce(url, init, connections, stop), url, false);
  // Every hop settles the stop; only the last may release what it holds (a caller's signal
  // listener), or the hops after a redirect could no longer be stopped.
  const release = stop.release;
  stop.release = null;
  try {
    let current = url;
    for (let hops = 0; ; hops++) {
      const response = await requestOnce(current, init, connections, stop);
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
      if (location === null) return arrived(response, current, hops > 0);
      response.body?.cancel().catch(() => {});
      if (hops >= MAX_HOPS) throw failed(new Error('redirect count exceeded'));
      if (!URL.canParse(location, current)) throw failed(new Error(`cannot follow the redirect to ${location.slice(0, 200)}`));
      current = new URL(location, current).href;
      refuseBadPort(current);
    }
  } finally {
    stop.release = release;
    // Settled already (no body, or a failure): release now; an open body releases as it ends.
    if (stop.onStop === null) stop.settle();
  }
}
