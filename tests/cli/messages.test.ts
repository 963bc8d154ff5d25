// The command line run as a new user would: help, version, what a bad address says, how an
// address without a scheme is read, a closed pipe, and npm's banner kept out of JSON.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, buildCli, cli, run } from './cli-process';
import type { Report } from '../../utils/engine/report/report';
import { startFixtureServer, type FixtureServer } from '../fixtures/server';
import { northlight } from '../fixtures/sites/northlight';

let server: FixtureServer;
const port = () => new URL(server.origin('northlight')).port;

let closedPort: string;

beforeAll(async () => {
  await buildCli();
  server = await startFixtureServer({ sites: [northlight] });
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  closedPort = String((probe.address() as AddressInfo).port);
  probe.close();
}, 60_000);
afterAll(() => server.close());

describe('help and version', () => {
  it.each(['check', 'index', 'survey', 'digest'])('%s --help and help %s exit 0 with that command’s usage', async (command) => {
    for (const args of [
      [command, '--help'],
      ['help', command],
    ]) {
      const r = await cli(...args);
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(r.stdout).toMatch(new RegExp(`^Usage: poppy-inspector ${command} `));
    }
  });

  it('--version prints the package version, and --help lists it', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(await cli('--version')).toMatchObject({ code: 0, stdout: `${version}\n` });
    expect((await cli('--help')).stdout).toContain('poppy-inspector --version');
  });
});

describe('addresses', () => {
  it.each([
    ['https://exa mple.com', 'is not a web address'],
    ['ftp://shop.example', 'is a ftp: address'],
    ['https://user:pw@shop.example', 'user name or password'],
    ['http://', 'is not a web address'],
  ])('%s is a usage error (exit 2), not a report', async (input, message) => {
    const r = await cli('check', input, '--json');
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain(message);
  });

  it.each([
    ['127.0.0.1:PORT', 'http://127.0.0.1:PORT'],
    ['localhost:PORT', 'http://localhost:PORT'],
    ['northlight.localhost:PORT', 'http://northlight.localhost:PORT'],
  ])('%s has no scheme: a local address is checked over http, and the report says so', async (input, target) => {
    const r = await cli('check', input.replace('PORT', port()));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Poppy Inspector · ${target.replace('PORT', port())}`);
    expect(r.stdout).toContain('No scheme given: checked over http, as this computer is a dev server.');
    const json = JSON.parse((await cli('check', input.replace('PORT', port()), '--json')).stdout) as Report;
    expect([json.target, json.verdict]).toEqual([target.replace('PORT', port()), 'ok']);
  });

  it('a public name without a scheme is checked over https', async () => {
    // Resolved to a closed loopback port: nothing is sent off this computer.
    const r = await cli('check', 'shop.poppy.test:1', '--resolve', 'shop.poppy.test:127.0.0.1');
    expect(r.stdout).toContain('Poppy Inspector · https://shop.poppy.test:1');
    expect(r.stdout).toContain('No scheme given: checked over https.');
  });
});

describe('when nothing answers, one finding names the cause', () => {
  const unreachable = async (...args: string[]) => {
    const r = await cli('check', ...args, '--json');
    const report = JSON.parse(r.stdout) as { findings: { code: string; message: string; hint: string }[] };
    expect(r.code).toBe(2);
    expect(report.findings.map((f) => f.code)).toEqual(['site-unreachable']);
    expect(r.stdout).not.toMatch(/OpenSSL|ssl3_|ECONNREFUSED|ERR_SSL|undici|fetch failed/);
    const f = report.findings[0]!;
    return { message: f.message, hint: f.hint, human: (await cli('check', ...args)).stdout };
  };

  it('connection refused: said once, no "answer came back", and a dev server gets a dev server’s fix', async () => {
    const { message, hint, human } = await unreachable(`http://127.0.0.1:${closedPort}`);
    expect(message).toBe(`Nothing answered at 127.0.0.1:${closedPort}: the connection was refused.`);
    expect(hint).toBe('Start the server, or check the address and port.');
    expect(human).not.toMatch(/could not be read|came back|over https/);
    expect(human).toMatch(/Errors \(1\)/);
  });

  it('https to a port that speaks plain http: says so and offers the http URL', async () => {
    const port = new URL(server.origin('northlight')).port;
    const { message, hint } = await unreachable(`https://127.0.0.1:${port}`);
    expect(message).toBe(`The server at 127.0.0.1:${port} speaks plain http, not https.`);
    expect(hint).toBe(`Try http://127.0.0.1:${port}, or serve https on this port.`);
  });

  it('an untrusted certificate: says so and names --cacert', async () => {
    const origin = server.publicOrigin('northlight');
    const { message, hint } = await unreachable(origin, '--resolve', 'northlight.poppy.test:127.0.0.1');
    expect(message).toBe(`The certificate of ${new URL(origin).host} is not signed by a trusted authority.`);
    expect(hint).toContain('--cacert <file>');
  });

  it('a server that drops the connection: said so, and not told to start it', async () => {
    const dropper = createServer((socket) => socket.destroy()).listen(0, '127.0.0.1');
    await once(dropper, 'listening');
    try {
      const address = `127.0.0.1:${(dropper.address() as AddressInfo).port}`;
      const { message, hint } = await unreachable(`http://${address}`);
      expect(message).toBe(`http://${address} did not answer: the connection was dropped.`);
      expect(hint).toBe(
        'A server accepted the connection and closed it without answering: check its logs, and that it speaks http or https on this port as the address says.',
      );
    } finally {
      dropper.close();
    }
  });

  it('a dev server that is not running is not told to "answer over https"', async () => {
    const { human } = await unreachable(`localhost:${closedPort}`);
    expect(human).toContain(`Nothing answered at localhost:${closedPort}: the connection was refused.`);
    expect(human).not.toContain('https');
  });
});

describe('output', () => {
  it('a pipe closed early (| head) ends the command quietly', async () => {
    const child = spawn('node', [BIN, 'check', server.origin('northlight')], { env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
    expect(code).toBe(0);
  });

  it('npm run -s check writes nothing but the report, so its JSON parses', async () => {
    const r = await run('npm', ['run', '-s', 'check', '--', server.origin('northlight'), '--json']);
    expect((JSON.parse(r.stdout) as Report).verdict).toBe('ok');
  });

  it('the docs never pipe plain `npm run check` (its banner would land in the file)', () => {
    for (const doc of ['README.md', 'docs/cli.md', 'CONTRIBUTING.md'])
      expect(readFileSync(doc, 'utf8'), doc).not.toMatch(/npm run check --/);
  });
});
