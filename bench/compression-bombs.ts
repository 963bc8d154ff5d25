// Compression bombs against the command line's transport (docs/security.md): how much memory six
// bombs read at once cost, through undici as it decodes by default and through our transport
// (cli/http/coding-guard.ts). Each figure comes from a fresh process, its peak RSS over its baseline;
// the bombs are served from another process so the server's buffers do not count.
//   node --import tsx bench/compression-bombs.ts serve            → prints the origin
//   node --import tsx bench/compression-bombs.ts probe <mode> <url>  → prints one JSON line
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import { createNodeTransport } from '../cli/http/transport';
import { fetchBounded, type Transport } from '../utils/engine/net/fetch-bounded';
import { siteContext } from '../utils/engine/net/url-policy';
import { DEFAULT_LIMITS, WELL_KNOWN } from '../utils/engine/spec';

const PARALLEL = 6;
type Mode = 'undici-default' | 'ours';

/** undici's fetch with nothing in front: it decodes whatever coding the server names. */
const plainUndici: Transport = {
  manualRedirects: true,
  fetch: (url, init) => undiciFetch(url, init as UndiciRequestInit) as unknown as Promise<Response>,
};

async function probe(mode: Mode, url: string): Promise<void> {
  const transport = mode === 'ours' ? createNodeTransport() : plainUndici;
  const origin = new URL(url).origin;
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 1);
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) =>
      fetchBounded(`${url}?${i}`, { kind: 'index', site: siteContext(origin), transport, limits: DEFAULT_LIMITS, mayContact: () => false }),
    ),
  );
  clearInterval(sampler);
  const outcome = [...new Set(results.map((r) => (r.ok ? 'read' : r.reason)))].join(', ');
  console.log(
    JSON.stringify({ peakMiB: (Math.max(peak, process.memoryUsage().rss) - base) / 2 ** 20, ms: performance.now() - started, outcome }),
  );
  process.exit(0);
}

async function serve(): Promise<void> {
  const { startFixtureServer } = await import('../tests/fixtures/server');
  const { compressionBombs } = await import('../tests/fixtures/hostile/budget');
  const server = await startFixtureServer({ sites: [compressionBombs], https: false });
  console.log(server.origin(compressionBombs.name));
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

async function child(args: string[]): Promise<string> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/compression-bombs.ts', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  await once(proc, 'exit');
  return out.trim();
}

export async function benchCompressionBombs(): Promise<string[]> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/compression-bombs.ts', 'serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(server.stdout!, 'data')) as [Buffer];
  const origin = chunk.toString().trim();
  const lines = [
    `${PARALLEL} bombs read at once (the index cap: ${(DEFAULT_LIMITS.indexBytes / 2 ** 20).toFixed(1)} MiB each); peak RSS over the process's baseline`,
  ];
  try {
    const cases: [string, string][] = [
      ['gzip, 256 MiB decoded', WELL_KNOWN.poppy],
      ['brotli, 16 MiB window', WELL_KNOWN.skillIndex],
    ];
    for (const [label, path] of cases) {
      for (const mode of ['undici-default', 'ours'] as const) {
        const r = JSON.parse(await child(['probe', mode, origin + path])) as { peakMiB: number; ms: number; outcome: string };
        const who = mode === 'ours' ? 'our transport' : 'undici as it is';
        lines.push(
          `${label.padEnd(24)} ${who.padEnd(16)} +${r.peakMiB.toFixed(1).padStart(5)} MiB  ${r.ms.toFixed(0).padStart(5)} ms  (${r.outcome})`,
        );
      }
    }
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  return lines;
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'serve') await serve();
else if (command === 'probe') await probe(rest[0] as Mode, rest[1]!);
