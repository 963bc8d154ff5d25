// Our skill cap (D5): past it the index's entries wait, and a check with the cap raised
// (the panel's "Check the remaining N", the command line's default) checks them. Real fixture
// server on 127.0.0.1, the command line's transport.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { checkSite, inMemorySkillMemory } from '../../../utils/engine/check';
import { coverage } from '../../../utils/engine/report/coverage';
import { reportState } from '../../../utils/engine/report/state';
import { DEFAULT_LIMITS, OVER_CAP_LISTED, RAISED_MAX_SKILLS } from '../../../utils/engine/spec';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { PAST_CAP_COUNT, pastCapStore } from '../../fixtures/sites/past-cap';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({ sites: [pastCapStore()], https: false });
});
afterAll(() => server.close());

const transport = createNodeTransport({});
const name = (i: number) => `task-${String(i).padStart(3, '0')}`;
const askedSkills = () => server.requests.filter((r) => r.url.endsWith('/SKILL.md')).map((r) => r.url.split('/').at(-2));

describe('a raised skill cap', () => {
  it('checks the batch the default cap left waiting, and the report has no cap any more', async () => {
    const origin = server.origin('past-cap');
    const memory = inMemorySkillMemory();
    server.clearRequests();
    const first = (await checkSite(origin, { transport, memory })).report;
    expect(first.cap).toEqual({
      limit: DEFAULT_LIMITS.maxSkills,
      listed: PAST_CAP_COUNT,
      unlisted: PAST_CAP_COUNT - DEFAULT_LIMITS.maxSkills - OVER_CAP_LISTED,
    });
    expect(coverage(first)).toMatchObject({ total: PAST_CAP_COUNT, overCap: PAST_CAP_COUNT - DEFAULT_LIMITS.maxSkills });
    expect(reportState(first)).toBe('unverified');
    expect(first.verdict).toBe('ok');
    expect(askedSkills()).toHaveLength(DEFAULT_LIMITS.maxSkills);
    expect(askedSkills()).not.toContain(name(DEFAULT_LIMITS.maxSkills));

    server.clearRequests();
    const raised = (await checkSite(origin, { transport, memory, limits: { maxSkills: RAISED_MAX_SKILLS } })).report;
    expect(raised.cap).toBeUndefined();
    expect(raised.skills).toHaveLength(PAST_CAP_COUNT);
    expect(raised.skills.filter((s) => s.status !== 'verified').map((s) => [s.name, s.status])).toEqual([]);
    expect(reportState(raised)).toBe('verified');
    // Every URL is asked again (the first 200 with their validators), the later batch for the first time.
    expect(new Set(askedSkills())).toEqual(new Set(Array.from({ length: PAST_CAP_COUNT }, (_, i) => name(i))));
  });
});
