/**
 * Content codings the command line accepts: the ones it asks for. undici decodes whatever a
 * server names, asked for or not, and a brotli decoder allocates the window the stream declares
 * (up to 16 MiB) before the first byte comes out, whatever our cap: six such streams at once once
 * cost 116 MiB. gzip and deflate decode through a 32 KiB window, so a gzip bomb costs no more
 * than the cap we read to (bench/compression-bombs.ts prints both).
 */
import { DecoratorHandler, type Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';

/** What we send as Accept-Encoding, and so what we decode. */
export const ACCEPT_ENCODING = 'gzip, deflate';
const DECODED = new Set(['gzip', 'x-gzip', 'deflate', 'identity']);

/** The codings a response names, in order, lower case. */
function codingsOf(headers: IncomingHttpHeaders): string[] {
  const raw = headers['content-encoding'];
  return [raw ?? []]
    .flat()
    .join(',')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '');
}

/** undici's types declare only DecoratorHandler's constructor; it forwards every handler method. */
interface Forwarding extends Dispatcher.DispatchHandler {
  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders, message?: string): void;
}
const Forwarding = DecoratorHandler as unknown as new (handler: Dispatcher.DispatchHandler) => Forwarding;

class CodingGuard extends Forwarding {
  override onResponseStart(
    controller: Dispatcher.DispatchController,
    status: number,
    headers: IncomingHttpHeaders,
    message?: string,
  ): void {
    const codings = codingsOf(headers);
    // One coding we asked for, at most: a stack of them multiplies the work.
    if (codings.length <= 1 && codings.every((c) => DECODED.has(c))) return super.onResponseStart(controller, status, headers, message);
    // A body we will read: refuse it. Any other answer's body is thrown away unread, so it only
    // loses the header that would have made undici start a decoder for it.
    if (status === 200)
      return controller.abort(new Error(`the server sent Content-Encoding ${codings.join(', ')}, which was not asked for`));
    const { 'content-encoding': _dropped, ...rest } = headers;
    return super.onResponseStart(controller, status, rest, message);
  }
}

/** An undici interceptor: `new Agent(…).compose(guardCodings)`. */
export const guardCodings: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) =>
  dispatch(options, new CodingGuard(handler));
