// One Node version throughout (CONTRIBUTING.md, "Node"): .nvmrc, @types/node and package.json's
// engines name one release line (CI's image is checked in workflow.test.ts), and every package in
// the lockfile admits all of that line from our floor, so `npm ci` there prints no EBADENGINE.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  engines?: Record<string, unknown> | string[];
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; devDependencies: Record<string, string> };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
const line = Number(readFileSync('.nvmrc', 'utf8').trim());

/** The releases we build, test and release on: package.json's range within .nvmrc's line. Other
 *  lines follow the tools' own ranges (Vite skips 21 and 22.0 to 22.11; CONTRIBUTING.md). */
const ours = new semver.Range(pkg.engines.node).set
  .map((comparators) => [...comparators.map((c) => c.value), `>=${line}.0.0`, `<${line + 1}.0.0-0`].filter(Boolean).join(' '))
  .join(' || ');

/** Lockfile entries whose declared Node range leaves out some release of ours. */
function excluding(packages: Record<string, LockEntry>, range: string): string[] {
  const out: string[] = [];
  for (const [path, entry] of Object.entries(packages)) {
    const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (path === '' || typeof node !== 'string') continue;
    if (!semver.validRange(node) || !semver.subset(range, node))
      out.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version}: node ${node}`);
  }
  return out;
}

describe('one Node version', () => {
  it('.nvmrc, @types/node and the engines floor name the same release line', () => {
    expect(Number.isInteger(line)).toBe(true);
    expect(semver.minVersion(pkg.engines.node)?.major).toBe(line);
    expect(semver.major(pkg.devDependencies['@types/node']!)).toBe(line);
    expect(semver.minVersion(ours)?.major).toBe(line);
  });

  it('every package in the lockfile admits every release of that line the engines field admits', () => {
    expect(Object.keys(lock.packages).length).toBeGreaterThan(100);
    expect(excluding(lock.packages, ours)).toEqual([]);
  });

  it('names each package that leaves a release out, and no other', () => {
    const packages: Record<string, LockEntry> = {
      '': { engines: { node: '>=20.19' } },
      'node_modules/new-line-only': { version: '1.0.0', engines: { node: '>=22' } },
      'node_modules/a/node_modules/late-patch': { version: '2.0.0', engines: { node: '>=20.20.1' } },
      'node_modules/old-style': { version: '3.0.0', engines: ['node >= 0.8'] },
      'node_modules/lts-lines': { version: '4.0.0', engines: { node: '^18.18.0 || ^20.9.0 || >=21.1.0' } },
      'node_modules/no-engines': { version: '5.0.0' },
    };
    expect(excluding(packages, '>=20.19.0 <21.0.0-0')).toEqual(['new-line-only@1.0.0: node >=22', 'late-patch@2.0.0: node >=20.20.1']);
  });
});
