// The stop mechanism the fetch module and the command line's transport share (request-stop.ts):
// a request ends once, a check's deadline ends every request still in it, and a stop that follows
// a caller's signal lets go of it when the request is over.
import { describe, expect, it } from 'vitest';
import { RequestStop, StopGroup, honoursStop, stopOnSignal, takesStop } from '../../../utils/engine/net/request-stop';

describe('RequestStop', () => {
  it("ends the transport's request once, with the first reason, and its signal follows", () => {
    const stop = new RequestStop();
    const ended: unknown[] = [];
    stop.onStop = (reason) => ended.push(reason);
    const signal = stop.signal;
    stop.stop('timeout');
    stop.stop('deadline');
    expect(ended).toEqual(['timeout']);
    expect(stop.reason).toBe('timeout');
    expect(signal.aborted && signal.reason).toBe('timeout');
    // A signal asked for after the stop is born aborted.
    expect(stop.signal.aborted).toBe(true);
  });

  it('once settled, a later stop no longer reaches the request, and what it held is released once', () => {
    const stop = new RequestStop();
    let ended = 0;
    let released = 0;
    stop.onStop = () => ended++;
    stop.release = () => released++;
    stop.settle();
    stop.settle();
    stop.stop('late');
    expect([ended, released]).toEqual([0, 1]);
  });
});

describe('StopGroup (a check deadline)', () => {
  it('stops every member still in it, not one that left, and at once one that joins late', () => {
    const group = new StopGroup();
    const [staying, leaving, late] = [new RequestStop(), new RequestStop(), new RequestStop()];
    group.join(staying);
    group.join(leaving);
    group.leave(leaving);
    expect(group.stopped).toBe(false);
    group.stop('deadline');
    expect([staying.reason, leaving.reason]).toEqual(['deadline', null]);
    group.join(late);
    expect(late.reason).toBe('deadline');
  });
});

describe('stopOnSignal', () => {
  it("follows a caller's signal until released, and starts stopped for an aborted one", () => {
    const controller = new AbortController();
    const followed = stopOnSignal(controller.signal);
    const released = stopOnSignal(controller.signal);
    released.settle();
    controller.abort('cancelled');
    expect([followed.reason, released.reason]).toEqual(['cancelled', null]);
    expect(stopOnSignal(controller.signal).reason).toBe('cancelled');
    expect(stopOnSignal(undefined).reason).toBe(null);
  });
});

describe('honoursStop', () => {
  it('marks that transport object only: a copy of its fields (a wrapper) gets a signal again', () => {
    const transport = honoursStop({ manualRedirects: true, fetch: () => Promise.resolve(new Response(null)) });
    expect(takesStop(transport)).toBe(true);
    expect(takesStop({ ...transport })).toBe(false);
  });
});
