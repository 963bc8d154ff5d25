// Files checked as if served: the engine over siteFilesTransport gives the same statuses as over
// the network, URLs on the site's origin map into the files, and nothing leaves them.
import { describe, expect, it } from 'vitest';
import { checkSite } from '../../../utils/engine/check';
import type { Transport } from '../../../utils/engine/net/fetch-types';
import { mediaTypeOfPath, sitePathOf, siteFilesTransport, type SiteFiles } from '../../../utils/engine/net/site-files';
import { filesOrigin, siteFileMap } from '../../fixtures/site-files';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightStale } from '../../fixtures/sites/northlight-stale';
import { bodyText } from '../../helpers/body-text';
import { secondOrigin } from '../../fixtures/sites/second-origin';

function memoryFiles(map: Map<string, Uint8Array>): SiteFiles & { opened: string[] } {
  const opened: string[] = [];
  return {
    opened,
    async open(path) {
      opened.push(path);
      const bytes = map.get(path);
      return bytes ? { body: new Blob([bytes as Uint8Array<ArrayBuffer>]).stream(), size: bytes.byteLength } : null;
    },
  };
}

const ORIGIN = 'https://shop.example';

describe('sitePathOf', () => {
  it.each([
    ['https://shop.example/.well-known/poppy.json', '.well-known/poppy.json'],
    ['https://shop.example/.well-known/agent-skills/a%20b/SKILL.md?v=2#top', '.well-known/agent-skills/a b/SKILL.md'],
    ['https://SHOP.example:443/x/../y.json', 'y.json'],
  ])('%s → %s', (url, path) => expect(sitePathOf(url, ORIGIN)).toBe(path));

  it.each([
    ['another origin', 'https://cdn.example/x.md'],
    ['another scheme', 'http://shop.example/x.md'],
    ['another port', 'https://shop.example:8443/x.md'],
    ['a folder', 'https://shop.example/.well-known/'],
    ['the root', 'https://shop.example/'],
    ['an empty segment', 'https://shop.example/a//b.md'],
    ['an encoded slash', 'https://shop.example/a%2Fb.md'],
    ['an encoded backslash', 'https://shop.example/a%5C..%5Cb.md'],
    ['an encoded NUL', 'https://shop.example/a%00.md'],
    ['broken percent-encoding', 'https://shop.example/a%E0%A4%A.md'],
    ['not a URL', 'nope'],
  ])('names no file for %s', (_what, url) => expect(sitePathOf(url, ORIGIN)).toBeNull());
});

describe('siteFilesTransport', () => {
  it('answers 200 with the bytes and the type a static server would give, 404 for a missing file', async () => {
    const files = memoryFiles(new Map([['a/SKILL.md', new TextEncoder().encode('# hi\n')]]));
    const transport = siteFilesTransport(ORIGIN, files, { otherHosts: null });
    const ok = await transport.fetch(`${ORIGIN}/a/SKILL.md`, {});
    expect([ok.status, ok.headers.get('content-type'), ok.headers.get('content-length'), await bodyText(ok)]).toEqual([
      200,
      'text/markdown',
      '5',
      '# hi\n',
    ]);
    expect((await transport.fetch(`${ORIGIN}/a/missing.md`, {})).status).toBe(404);
    expect((await transport.fetch(`${ORIGIN}/a/`, {})).status).toBe(404);
    expect(files.opened).toEqual(['a/SKILL.md', 'a/missing.md']);
  });

  it('sends other origins to the network transport, or refuses them', async () => {
    const seen: string[] = [];
    const network: Transport = { manualRedirects: false, fetch: async (url) => (seen.push(url), new Response('net')) };
    const withNetwork = siteFilesTransport(ORIGIN, memoryFiles(new Map()), { otherHosts: network });
    expect(withNetwork.manualRedirects).toBe(false);
    expect(await bodyText(await withNetwork.fetch('https://cdn.example/x.md', {}))).toBe('net');
    expect(seen).toEqual(['https://cdn.example/x.md']);
    const alone = siteFilesTransport(ORIGIN, memoryFiles(new Map()), { otherHosts: null });
    await expect(alone.fetch('https://cdn.example/x.md', {})).rejects.toThrow(/not contacted/);
  });

  it.each([
    ['x.json', 'application/json'],
    ['x.MD', 'text/markdown'],
    ['x.tar.gz', 'application/gzip'],
    ['x.tgz', 'application/gzip'],
    ['x.zip', 'application/zip'],
    ['x.bin', 'application/octet-stream'],
  ])('labels %s as %s', (path, type) => expect(mediaTypeOfPath(path)).toBe(type));
});

describe('checkSite over files', () => {
  it.each([northlight, northlightStale].map((s) => [s.name, s] as const))('%s: the statuses the served site gets', async (_name, site) => {
    const origin = filesOrigin(site.name);
    const { report } = await checkSite(origin, {
      transport: siteFilesTransport(origin, memoryFiles(await siteFileMap(site)), { otherHosts: null }),
      // As the command line checks a directory: the sign-in documents are the deployed issuer's.
      trustChain: false,
    });
    expect(report.verdict).toBe(site.expect.verdict);
    expect(report.findings.map((f) => f.code)).toContain('trust-not-in-files');
    expect(Object.fromEntries(report.skills.map((s) => [s.name, s.status]))).toEqual(site.expect.skills);
    expect(report.findings.map((f) => f.code)).not.toContain('missing-cors');
  });

  it('skills on another host stay unchecked, and no file outside the map is asked for', async () => {
    const origin = filesOrigin(secondOrigin.name);
    const files = memoryFiles(await siteFileMap(secondOrigin));
    const { report } = await checkSite(origin, { transport: siteFilesTransport(origin, files, { otherHosts: null }) });
    expect(report.skills.map((s) => s.status)).toEqual(['not-checked', 'not-checked', 'not-checked']);
    // Besides .well-known/, only the API description poppy.json names, for the lens (D12).
    expect(files.opened.filter((p) => !p.startsWith('.well-known/'))).toEqual(['poppy/openapi.json']);
  });
});
