// D5 revised: a skill's status comes only from what its URL answers during this
// check, or a 304 to the validators that URL sent with the body kept last time. Against the real
// fixture server, whose static files carry ETags and answer If-None-Match with 304.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { checkSite, inMemorySkillMemory, type SkillMemory } from '../../../utils/engine/check';
import type { Transport } from '../../../utils/engine/net/fetch-bounded';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { northlight } from '../../fixtures/sites/northlight';
import { CHANGING_SKILL, changingNorthlight, northlightCrlfCopy } from '../../fixtures/sites/northlight-changing';

const changing = changingNorthlight();
const copy = northlightCrlfCopy();
let server: FixtureServer;
let transport: Transport;
beforeAll(async () => {
  server = await startFixtureServer({ sites: [northlight, copy, changing.site], https: false });
  transport = createNodeTransport({});
});
afterAll(() => server.close());

const skillRequests = () => server.requests.filter((r) => r.url.endsWith('/SKILL.md'));
const statuses = (r: { skills: { name: string; status: string }[] }) => Object.fromEntries(r.skills.map((s) => [s.name, s.status]));

describe('skill memory', () => {
  it('a second check asks each skill URL with its ETag and verifies on 304, reading no body', async () => {
    const memory = inMemorySkillMemory();
    const origin = server.origin('northlight');
    await checkSite(origin, { transport, memory });
    const skillUrls = [...memory.urls.keys()].filter((u) => u.endsWith('/SKILL.md'));
    expect(skillUrls).toHaveLength(3);
    for (const url of skillUrls) expect(memory.urls.get(url)!.etag).toMatch(/^"[\w-]{22}"$/);
    server.clearRequests();
    const answers: number[] = [];
    const counting: Transport = {
      ...transport,
      fetch: async (url, init) => {
        const response = await transport.fetch(url, init);
        if (url.endsWith('/SKILL.md')) answers.push(response.status);
        return response;
      },
    };
    const again = await checkSite(origin, { transport: counting, memory });
    expect(answers).toEqual([304, 304, 304]);
    expect(statuses(again.report)).toEqual(northlight.expect.skills);
    expect(again.report.verdict).toBe('ok');
    // Asked, every one: conditionally, with the validator its URL sent.
    const asked = skillRequests();
    expect(asked).toHaveLength(3);
    for (const r of asked) expect(r.headers['if-none-match']).toBe([...memory.urls.entries()].find(([u]) => u.endsWith(r.url))![1].etag);
    // The frontmatter is still read from the bytes the 304 vouches for.
    expect(again.report.skills.every((s) => s.frontmatter?.name === s.name)).toBe(true);
  });

  it('a 304 that lets a kept body stand in tells the store it was used; a whole answer is kept instead', async () => {
    const memory = inMemorySkillMemory();
    const origin = server.origin(changing.site.name);
    await checkSite(origin, { transport, memory });
    const refreshed: string[] = [];
    const kept: string[] = [];
    const watching: SkillMemory = {
      recall: (urls) => memory.recall(urls),
      keepBody: (hex, bytes) => memory.keepBody(hex, bytes),
      keep: (answer) => {
        kept.push(answer.url);
        memory.keep(answer);
      },
      refresh: (url) => {
        refreshed.push(url);
        memory.refresh(url);
      },
    };
    changing.set('crlf');
    try {
      await checkSite(origin, { transport, memory: watching });
    } finally {
      changing.set('original');
    }
    const skills = (urls: string[]) =>
      urls
        .filter((u) => u.endsWith('/SKILL.md'))
        .map((u) => u.split('/').at(-2))
        .sort();
    // The two unchanged files came as 304s; the changed one came whole and did not verify, so nothing of it is kept.
    expect(skills(refreshed)).toEqual(['change-flower-delivery', 'check-flower-order']);
    expect(skills(kept)).toEqual([]);
    // The discovery documents' 304s count as uses too.
    expect(refreshed.filter((u) => !u.endsWith('/SKILL.md')).length).toBeGreaterThan(0);
  });

  it('"Check again" sends no validators: every file comes whole', async () => {
    const memory = inMemorySkillMemory();
    const origin = server.origin('northlight');
    await checkSite(origin, { transport, memory });
    server.clearRequests();
    await checkSite(origin, { transport, memory, revalidate: true });
    expect(skillRequests().map((r) => r.headers['if-none-match'])).toEqual([undefined, undefined, undefined]);
  });

  it('the same digest served differently by another site is that site’s mismatch (CRLF)', async () => {
    const memory = inMemorySkillMemory();
    await checkSite(server.origin('northlight'), { transport, memory });
    const { report } = await checkSite(server.origin(copy.name), { transport, memory });
    expect(statuses(report)).toEqual(copy.expect.skills);
    expect(report.skills.find((s) => s.name === CHANGING_SKILL)!.mismatch).toContain('crlf-to-lf');
  });

  it('a file changed on the server after a verified check is a mismatch, and a file gone is unreachable', async () => {
    const memory = inMemorySkillMemory();
    const origin = server.origin(changing.site.name);
    changing.set('original');
    expect(statuses((await checkSite(origin, { transport, memory })).report)).toEqual(changing.site.expect.skills);
    changing.set('crlf');
    for (const revalidate of [false, true]) {
      const { report } = await checkSite(origin, { transport, memory, revalidate });
      expect(report.skills.find((s) => s.name === CHANGING_SKILL)!.status).toBe('mismatch');
      expect(report.verdict).toBe('errors');
    }
    changing.set('gone');
    const gone = await checkSite(origin, { transport, memory });
    expect(gone.report.skills.find((s) => s.name === CHANGING_SKILL)!.status).toBe('unreachable');
    changing.set('original');
  });

  it('a store that cannot answer costs whole requests, never a result', async () => {
    const broken = {
      recall: () => Promise.reject(new Error('storage gone')),
      keep: () => {
        throw new Error('storage gone');
      },
      keepBody: () => undefined,
      refresh: () => {
        throw new Error('storage gone');
      },
    };
    server.clearRequests();
    const { report } = await checkSite(server.origin('northlight'), { transport, memory: broken });
    expect(statuses(report)).toEqual(northlight.expect.skills);
    expect(skillRequests().map((r) => r.headers['if-none-match'])).toEqual([undefined, undefined, undefined]);
  });

  it('a kept body gone from the store: the 304 is not trusted, the file is asked again whole', async () => {
    const memory = inMemorySkillMemory();
    const origin = server.origin('northlight');
    await checkSite(origin, { transport, memory });
    const forgetful = {
      ...memory,
      recall: async (urls: readonly string[]) =>
        new Map([...(await memory.recall(urls))].map(([u, r]) => [u, { ...r, bytes: Promise.resolve(null) }])),
    };
    server.clearRequests();
    const { report } = await checkSite(origin, { transport, memory: forgetful });
    expect(statuses(report)).toEqual(northlight.expect.skills);
    // Each asked twice: conditionally (304), then whole.
    expect(skillRequests()).toHaveLength(6);
    expect(skillRequests().filter((r) => r.headers['if-none-match'] === undefined)).toHaveLength(3);
  });
});
