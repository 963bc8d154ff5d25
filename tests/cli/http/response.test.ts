import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { NodeBody, NodeHeaders } from '../../../cli/http/response';

/** A source that counts how many of its chunks were asked for: shows whether the body reads ahead. */
function countedSource(chunks: string[]): { source: Readable; pulled: () => number } {
  let pulled = 0;
  const source = new Readable({
    highWaterMark: 1,
    read() {
      this.push(pulled < chunks.length ? Buffer.from(chunks[pulled++]!) : null);
    },
  });
  return { source, pulled: () => pulled };
}

describe('NodeHeaders', () => {
  it('answers a name in any case, joins a repeated field, and says null for a missing one', () => {
    const headers = new NodeHeaders({ 'content-type': 'text/markdown', 'x-note': ['one', 'two'] });
    expect([headers.get('Content-Type'), headers.get('X-Note'), headers.get('etag')]).toEqual(['text/markdown', 'one, two', null]);
  });

  it('leaves out a field removed as undefined', () => {
    const headers = new NodeHeaders({ 'content-encoding': undefined, etag: '"x"' });
    expect([headers.get('content-encoding'), headers.get('etag')]).toEqual([null, '"x"']);
  });
});

describe('NodeBody', () => {
  it('hands out one chunk per read, never reading ahead, then ends and settles once', async () => {
    const { source, pulled } = countedSource(['ab', 'cd', 'ef']);
    let settled = 0;
    const body = new NodeBody(
      source,
      () => settled++,
      () => {
        throw new Error('not cancelled');
      },
    );
    const reader = body.getReader();
    const first = await reader.read();
    expect([new TextDecoder().decode(first.value), first.value instanceof Buffer]).toEqual(['ab', false]);
    expect(pulled()).toBeLessThanOrEqual(2);
    const rest: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest.push(new TextDecoder().decode(r.value));
    expect(rest).toEqual(['cd', 'ef']);
    await body.cancel();
    expect(settled).toBe(1);
  });

  it('rejects a read with the stream error and settles', async () => {
    const source = new Readable({ read() {} });
    let settled = 0;
    const body = new NodeBody(
      source,
      () => settled++,
      () => {},
    );
    const read = body.read();
    source.destroy(new Error('connection reset'));
    await expect(read).rejects.toThrow('connection reset');
    await expect(body.read()).rejects.toThrow('connection reset');
    expect(settled).toBe(1);
  });

  it.each([
    ['a stop (its DOMException, whose code is a number)', new DOMException('timeout', 'TimeoutError'), 'TimeoutError', undefined],
    ['a connection closed midway', Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), 'NetworkError', 'cut-off'],
    [
      'a body zlib cannot decode',
      Object.assign(new Error('incorrect header check'), { code: 'Z_DATA_ERROR' }),
      'NetworkError',
      'bad-coding',
    ],
    ['any other failure', Object.assign(new Error('boom'), { code: 'EPIPE' }), 'Error', undefined],
  ])('fails a read on %s as the report should name it', async (_what, error, name, cause) => {
    const source = new Readable({ read() {} });
    const body = new NodeBody(
      source,
      () => {},
      () => {},
    );
    const read = body.read();
    source.destroy(error);
    const failure = (await read.catch((e: unknown) => e)) as Error & { networkCause?: string };
    expect([failure.name, failure.networkCause, failure.message]).toEqual([name, cause, error.message]);
  });

  it('cancels once: the source goes to the cancel handler, and the request is settled', async () => {
    const { source } = countedSource(['ab', 'cd']);
    const cancelled: Readable[] = [];
    let settled = 0;
    const body = new NodeBody(
      source,
      () => settled++,
      (s) => void cancelled.push(s),
    );
    await body.read();
    await body.cancel();
    await body.cancel();
    expect([cancelled.length, cancelled[0] === source, settled]).toEqual([1, true, 1]);
    expect(await body.read()).toEqual({ done: true, value: undefined });
  });
});
