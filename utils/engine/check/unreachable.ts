/**
 * The one finding for a site where nothing answered (poppy.json and the index both failed to
 * connect): said once, with its cause in words an owner can act on (connection refused, plain
 * http on an https port, an untrusted certificate), never a network library's message.
 */
import type { FetchFailure } from '../net/fetch-types';
import { formatMs } from '../net/fetch-bounded';
import { finding, type Finding } from '../report/findings';
import type { Words } from '../report/words';
import { ENGINE_CODES as C } from './codes';

const { says, fixes } = C['site-unreachable'];

export function siteUnreachable(failure: FetchFailure, origin: string, local: boolean, timeoutMs: number): Finding {
  const address = new URL(origin).host;
  const where = { document: origin };
  const said = (hint: Words | null, message: ReturnType<typeof says.refused>) => finding(message, hint ? { ...where, hint } : where);
  switch (failure.network) {
    case 'refused':
      return said(fixes.refused({}), says.refused({ address }));
    case 'reset':
      // Something listens there, so "start the server" would be wrong.
      return said(fixes.reset({}), says.noAnswer({ origin, detail: failure.detail }));
    case 'dns':
      return said(fixes.dns({}), says.dns({ host: new URL(origin).hostname }));
    case 'tls-protocol':
      return said(fixes.tlsProtocol({ url: origin.replace(/^https:/, 'http:') }), says.tlsProtocol({ address }));
    case 'tls-untrusted':
      return said(fixes.tlsUntrusted({}), says.tlsUntrusted({ address }));
    case 'tls-expired':
      return said(fixes.tlsExpired({}), says.tlsExpired({ address }));
    case 'tls-name':
      return said(fixes.tlsName({}), says.tlsName({ address }));
    default: {
      // A dev server's fix is to start it; "answer over https" is for public sites.
      const hint = local ? fixes.local({}) : null;
      if (failure.reason === 'timeout') return said(hint, says.timeout({ origin, time: formatMs(timeoutMs) }));
      return said(hint, says.noAnswer({ origin, detail: failure.detail }));
    }
  }
}
