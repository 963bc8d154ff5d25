/**
 * Real servers on 127.0.0.1 for the network tests (no mocked fetch, extension-security.md §12),
 * each with a log of the requests it saw so tests can prove that a refused URL was never asked.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SeenRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

export interface TestServer {
  port: number;
  log: SeenRequest[];
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export async function startServer(handler: Handler, tls?: { key: string; cert: string }): Promise<TestServer> {
  const log: SeenRequest[] = [];
  const listener: Handler = (req, res) => {
    log.push({ path: req.url ?? '', headers: req.headers });
    handler(req, res);
  };
  const server = tls ? createHttpsServer(tls, listener) : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A throwaway self-signed certificate for *.poppy.test and 127.0.0.1, made by openssl. */
export function makeTestCert(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'poppy-cert-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=shop.poppy.test',
        '-addext',
        'subjectAltName=DNS:shop.poppy.test,DNS:*.poppy.test,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
