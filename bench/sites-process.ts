// Starts bench/serve-many.ts in a child process and says where its sites are.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { publicDomain } from '../tests/fixtures/site';
import { loadTlsMaterial } from '../tests/fixtures/tls';

export interface ManySites {
  /** bench0, bench1, … (from bench<first>, ServeOptions.first) */
  names: string[];
  /** http://127.0.0.1:<port>: a local site (plain http allowed, D5). */
  origin(name: string): string;
  /** https://<name>.poppy.test:<port>: a public-looking site, under the public URL policy. */
  publicOrigin(name: string): string;
  /** For a Node transport: the public names pinned to 127.0.0.1, and the test CA. */
  resolve: Record<string, string>;
  caPem: string;
  stop(): Promise<void>;
}

export interface ServeOptions {
  /** The first site's number (bench<first>, …): two servers of one bench give different names. */
  first?: number;
  /** How long each listed file's answer waits, as if the server were that far away. */
  latencyMs?: number;
  /** `long`: index entries of the largest valid size (1024-character descriptions). */
  shape?: 'plain' | 'long';
}

export async function serveMany(count: number, bodyBytes: number, sites = 1, options: ServeOptions = {}): Promise<ManySites> {
  const args = [count, bodyBytes, sites, options.first ?? 0, options.latencyMs ?? 0, options.shape ?? 'plain'].map(String);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve-many.ts', ...args], {
    // stdin stays open for as long as this process lives (serve-many.ts stops at its end).
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench/serve-many.ts exited with ${code}`)));
  });
  const { origins, httpsPort } = JSON.parse(line) as { origins: Record<string, string>; httpsPort: number };
  const names = Object.keys(origins);
  return {
    names,
    origin: (name) => origins[name]!,
    publicOrigin: (name) => `https://${publicDomain(name)}:${httpsPort}`,
    resolve: Object.fromEntries(names.map((n) => [publicDomain(n), '127.0.0.1'])),
    caPem: loadTlsMaterial().caPem,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
