/**
 * The answer of the command line's transport: the part of a web `Response` the engine reads
 * (`TransportResponse`: status, url, redirect flag, `headers.get`, a body read chunk by chunk),
 * straight over node:http's message. Not undici's `Response`: building one (its `Headers`, their
 * checks, a web stream with its reader and promises) and reading it back cost a 200-skill check
 * more CPU than the engine's own work on each file (bench: docs/benchmarks.md).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { NetworkError, type BodyReader, type NetworkCause, type TransportResponse } from '../../utils/engine/net/fetch-types';

/** The answer's header fields, as node:http parsed them (names in lower case; a repeated
 *  field is kept as Node keeps it: joined, or its first value for fields that must be single). */
export class NodeHeaders {
  readonly #fields: IncomingHttpHeaders;

  constructor(fields: IncomingHttpHeaders) {
    this.#fields = fields;
  }

  get(name: string): string | null {
    const value = this.#fields[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }
}

/**
 * A body read one chunk per `read()`: the reader sets the pace, so a decoder never inflates more
 * than one chunk ahead of it. `cancel()` ends it (`onCancel`: drain or hang up). `settled` runs
 * once, when the body has ended, failed or been cancelled.
 */
export class NodeBody implements BodyReader {
  #failure: Error | null = null;
  #done = false;
  #cancelled = false;
  #wake: (() => void) | null = null;
  readonly #source: Readable;
  readonly #settled: () => void;
  readonly #onCancel: (source: Readable) => Promise<void> | void;

  constructor(source: Readable, settled: () => void, onCancel: (source: Readable) => Promise<void> | void) {
    this.#source = source;
    this.#settled = settled;
    this.#onCancel = onCancel;
    const poke = () => this.#wake?.();
    source.on('readable', poke);
    source.on('end', () => (this.#end(), poke()));
    source.on('error', (error) => ((this.#failure ??= bodyFailure(error)), this.#end(), poke()));
  }

  /** The stream's reader is the body itself: there is one reader, the engine's. */
  getReader(): BodyReader {
    return this;
  }

  async read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    for (;;) {
      if (this.#cancelled) return { done: true, value: undefined };
      if (this.#failure) throw this.#failure;
      const chunk = this.#source.read() as Buffer | null;
      // A view, not the Buffer: the bytes may be stored or cloned, and a Buffer is a subclass.
      if (chunk !== null) return { done: false, value: new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) };
      if (this.#done) return { done: true, value: undefined };
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = null;
    }
  }

  async cancel(): Promise<void> {
    if (this.#done) return;
    this.#cancelled = true;
    this.#end();
    await this.#onCancel(this.#source);
  }

  #end(): void {
    if (this.#done) return;
    this.#done = true;
    this.#settled();
  }
}

/**
 * A body's failure as the report should name it, not as "network error (aborted)" or
 * "(incorrect header check)": Node ends an answer whose connection closed before the announced
 * body had arrived (or was reset midway) with "aborted" (ECONNRESET), and zlib a body that is not
 * the gzip or deflate data its Content-Encoding says with a Z_ code. A stop's own reason (the
 * timeout, the caller) passes as it is.
 */
function bodyFailure(error: Error): Error {
  // A stop's reason is a DOMException, whose `code` is a number.
  const code: unknown = (error as { code?: unknown }).code;
  const cause: NetworkCause | null =
    code === 'ECONNRESET' ? 'cut-off' : typeof code === 'string' && code.startsWith('Z_') ? 'bad-coding' : null;
  return cause ? new NetworkError(cause, error.message, { cause: error }) : error;
}

export class NodeResponse implements TransportResponse {
  url = '';
  redirected = false;

  constructor(
    readonly status: number,
    readonly headers: NodeHeaders,
    readonly body: NodeBody | null,
  ) {}
}
