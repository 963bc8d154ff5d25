import { once } from 'node:events';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { fetchBounded, type FetchResult } from '../../../utils/engine/net/fetch-bounded';
import { DEFAULT_LIMITS } from '../../../utils/engine/spec';
import { siteContext } from '../../../utils/engine/net/url-policy';
import { makeTestCert, startServer, type Handler, type TestServer } from '../../fixtures/test-server';
import { english } from '../../helpers/english';
import { bodyText } from '../../helpers/body-text';

const init: RequestInit = { credentials: 'omit', redirect: 'manual' };

describe('createNodeTransport', () => {
  const tls = makeTestCert();
  let http: TestServer;
  let https: TestServer;

  beforeAll(async () => {
    const handler: Handler = (req, res) => {
      if (req.url === '/moved') {
        res.writeHead(302, { Location: '/here' }).end();
      } else {
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`hello from ${req.url}`);
      }
    };
    http = await startServer(handler);
    https = await startServer(handler, tls);
  });
  afterAll(async () => {
    await Promise.all([http.close(), https.close()]);
  });

  it('reads 3xx answers itself (manual redirects)', async () => {
    const transport = createNodeTransport({ resolve: { 'shop.poppy.test': '127.0.0.1' } });
    expect(transport.manualRedirects).toBe(true);
    const response = await transport.fetch(`http://shop.poppy.test:${http.port}/moved`, init);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/here');
  });

  it.each(['shop.poppy.test', 'SHOP.Poppy.Test.'])('sends %s to the mapped address', async (name) => {
    const transport = createNodeTransport({ resolve: { 'shop.poppy.test': '127.0.0.1' } });
    const response = await transport.fetch(`http://${name}:${http.port}/a`, init);
    expect(response.status).toBe(200);
    expect(await bodyText(response)).toBe('hello from /a');
    expect(http.log.at(-1)?.headers.host).toBe(`${name.toLowerCase()}:${http.port}`);
  });

  it('falls back to normal DNS for names not in the map', async () => {
    const transport = createNodeTransport({ resolve: { 'shop.poppy.test': '127.0.0.1' } });
    const response = await transport.fetch(`http://127.0.0.1:${http.port}/b`, init);
    expect(await bodyText(response)).toBe('hello from /b');
    await expect(transport.fetch(`http://other.poppy.test:${http.port}/`, init)).rejects.toThrow();
  });

  it('a *. pin sends every name under it, and only those, to its address; an exact pin wins', async () => {
    const transport = createNodeTransport({ resolve: { '*.poppy.test': '127.0.0.1', 'exact.poppy.test': '127.0.0.9' } });
    for (const name of ['a.poppy.test', 'deep.er.poppy.test'])
      expect(await bodyText(await transport.fetch(`http://${name}:${http.port}/w`, init))).toBe('hello from /w');
    await expect(transport.fetch(`http://poppy.test:${http.port}/`, init)).rejects.toThrow();
    await expect(transport.fetch(`http://notpoppy.test:${http.port}/`, init)).rejects.toThrow();
    // Nothing listens on 127.0.0.9: refused proves the exact pin was used, not the wildcard.
    const error = await transport.fetch(`http://exact.poppy.test:${http.port}/`, init).catch((e: Error) => e);
    expect(String((error as Error).cause)).toMatch(/127\.0\.0\.9/);
  });

  it.each(['shop.localhost', 'A.B.Localhost.'])('sends %s to loopback, as browsers do (RFC 6761)', async (name) => {
    const transport = createNodeTransport();
    const response = await transport.fetch(`http://${name}:${http.port}/l`, init);
    expect(await bodyText(response)).toBe('hello from /l');
    expect(http.log.at(-1)?.headers.host).toBe(`${name.toLowerCase()}:${http.port}`);
  });

  it('pins an IPv6 address written with brackets', async () => {
    // Nothing listens on [::1] here: the refused connection proves the map was used for IPv6.
    const transport = createNodeTransport({ resolve: { 'v6.poppy.test': '[::1]' } });
    const error = await transport.fetch(`http://v6.poppy.test:${http.port}/`, init).catch((e: Error) => e);
    expect(String((error as Error).cause)).toMatch(/::1|ECONNREFUSED|EADDRNOTAVAIL/);
  });

  describe('refusePrivateAddresses (DNS rebinding, for public sites)', () => {
    // `localhost` is a real lookup here (/etc/hosts), so it stands for any name whose DNS answer
    // is loopback: what a rebinding attacker's domain returns on the second lookup.
    it('refuses a name that DNS resolves to loopback, before connecting', async () => {
      const before = http.log.length;
      const transport = createNodeTransport({ refusePrivateAddresses: true });
      const error = await transport.fetch(`http://localhost:${http.port}/d`, init).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect(String((error as Error).cause)).toMatch(
        /localhost resolves to 127\.0\.0\.1, which points at this computer: refused while checking a public site/,
      );
      expect(http.log.length).toBe(before);
    });

    it('reaches the report as a network error that says why', async () => {
      // The site context is local only so that the URL policy lets `localhost` through to the
      // transport; on a public site, a name that merely resolves to loopback gets this far.
      const transport = createNodeTransport({ refusePrivateAddresses: true });
      const result = await fetchBounded(`http://localhost:${http.port}/`, {
        kind: 'poppy',
        site: siteContext('http://localhost:1'),
        transport,
        limits: DEFAULT_LIMITS,
        mayContact: () => true,
      });
      expect(result).toMatchObject({ ok: false, reason: 'network' });
      expect(result.ok ? '' : english(result.detail)).toMatch(
        /^network error \(localhost resolves to 127\.0\.0\.1, which points at this computer/,
      );
    });

    it('leaves --resolve pins alone (the user chose them) and is off by default', async () => {
      const pinned = createNodeTransport({ resolve: { 'shop.poppy.test': '127.0.0.1' }, refusePrivateAddresses: true });
      expect(await bodyText(await pinned.fetch(`http://shop.poppy.test:${http.port}/e`, init))).toBe('hello from /e');
      const plain = createNodeTransport();
      expect(await bodyText(await plain.fetch(`http://localhost:${http.port}/f`, init))).toBe('hello from /f');
    });
  });

  it('sends again on a new connection when a kept-alive one was closed by the server', async () => {
    // A raw server: the first connection answers one request, then drops the next one unanswered
    // (a server that closed an idle connection as we sent on it); later connections answer.
    const connections: Socket[] = [];
    const server = createTcpServer((socket) => {
      const first = connections.push(socket) === 1;
      let requests = 0;
      socket.on('data', (data) => {
        requests += data.toString('latin1').split('\r\n\r\n').length - 1;
        if (first && requests > 1) return void socket.destroy();
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 9\r\nConnection: keep-alive\r\n\r\nanswer ${connections.length}\n`);
      });
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const transport = createNodeTransport();
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      expect(await bodyText(await transport.fetch(url, init))).toBe('answer 1\n');
      expect(await bodyText(await transport.fetch(url, init))).toBe('answer 2\n');
      expect(connections).toHaveLength(2);
      await transport.close();
    } finally {
      server.close();
    }
  });

  it('keeps the connection of a small unread body (a 404 page), and closes it for a large or unfinished one', async () => {
    // A raw server: /small answers 404 with a short page, /large with 20 KiB, /stuck declares 10
    // bytes and sends 2; each connection is numbered in its answers.
    const connections: Socket[] = [];
    const server = createTcpServer((socket) => {
      const n = connections.push(socket);
      socket.on('data', (data) => {
        const path = /^GET (\S+)/.exec(data.toString('latin1'))?.[1];
        const head = (length: number, status = '404 Not Found') =>
          `HTTP/1.1 ${status}\r\nContent-Length: ${length}\r\nConnection: keep-alive\r\n\r\n`;
        if (path === '/small') socket.write(`${head(9)}not found`);
        else if (path === '/large') socket.write(head(20 * 1024) + 'x'.repeat(20 * 1024));
        else if (path === '/stuck') socket.write(`${head(10)}no`);
        else socket.write(`${head(2, '200 OK')}c${n}`);
      });
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const transport = createNodeTransport();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cancelled = async (path: string) => {
      const response = await transport.fetch(base + path, init);
      expect(response.status).toBe(404);
      await response.body!.cancel();
    };
    try {
      await cancelled('/small');
      expect(await bodyText(await transport.fetch(`${base}/ok`, init))).toBe('c1');
      await cancelled('/large');
      expect(await bodyText(await transport.fetch(`${base}/ok`, init))).toBe('c2');
      const closed = once(connections[1]!, 'close');
      await cancelled('/stuck');
      await closed; // hung up once the drain's time ran out
      expect(await bodyText(await transport.fetch(`${base}/ok`, init))).toBe('c3');
      expect(connections).toHaveLength(3);
    } finally {
      await transport.close();
      server.close();
    }
  });

  it('names an answer whose connection closed before its announced body had arrived', async () => {
    // 200 with a Content-Length of 5000, ten bytes, then the connection closes.
    const result = await checkRawAnswer('Content-Length: 5000\r\n\r\n0123456789');
    expect(result).toMatchObject({ ok: false, reason: 'network', network: 'cut-off', httpStatus: 200 });
    expect(result.ok ? '' : english(result.detail)).toBe('the connection closed before the whole answer had arrived');
  });

  it('reads a body whose chunked framing breaks midway as cut off (Node drops the connection)', async () => {
    // A chunk size that is not hex, after a first good chunk.
    const result = await checkRawAnswer('Transfer-Encoding: chunked\r\n\r\n4\r\n# hi\r\nzz\r\n');
    expect(result).toMatchObject({ ok: false, reason: 'network', network: 'cut-off', httpStatus: 200 });
  });

  it.each(['gzip', 'deflate'])('names a body that is not the %s data its Content-Encoding says', async (coding) => {
    const result = await checkRawAnswer(`Content-Encoding: ${coding}\r\nContent-Length: 12\r\n\r\n# plain text`);
    expect(result).toMatchObject({ ok: false, reason: 'network', network: 'bad-coding', httpStatus: 200 });
    expect(result.ok ? '' : english(result.detail)).toBe('the body is not compressed the way its Content-Encoding header says');
  });

  it('trusts an extra CA for https with a mapped name, and only with it', async () => {
    const url = `https://shop.poppy.test:${https.port}/c`;
    const trusting = createNodeTransport({ resolve: { 'shop.poppy.test': '127.0.0.1' }, ca: tls.cert });
    expect(await bodyText(await trusting.fetch(url, init))).toBe('hello from /c');
    const asList = createNodeTransport({ resolve: { 'shop.poppy.test': '127.0.0.1' }, ca: [tls.cert] });
    expect((await asList.fetch(url, init)).status).toBe(200);
    const strict = createNodeTransport({ resolve: { 'shop.poppy.test': '127.0.0.1' } });
    const error = await strict.fetch(url, init).catch((e: Error) => e);
    expect(String((error as Error).cause)).toMatch(/self[- ]signed|certificate/i);
  });
});

/** A SKILL.md read through the transport from a raw TCP server whose 200 answer ends with `rest`
 *  (the headers after Content-Type, the blank line and the body), then closes the connection. */
async function checkRawAnswer(rest: string): Promise<FetchResult> {
  const server = createTcpServer((socket) => {
    socket.once('data', () => socket.end(`HTTP/1.1 200 OK\r\nContent-Type: text/markdown\r\n${rest}`));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const options = {
      kind: 'skill-md',
      site: siteContext(origin),
      transport: createNodeTransport(),
      limits: DEFAULT_LIMITS,
      mayContact: () => false,
    } as const;
    return await fetchBounded(`${origin}/SKILL.md`, options);
  } finally {
    server.close();
  }
}
