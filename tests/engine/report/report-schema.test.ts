// The JSON report (reportToJson: `check --json`, "Copy as JSON") of every fixture site and of the
// hostile corpus matches schemas/report.schema.json, the shape docs/report-format.md promises.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { checkSite } from '../../../utils/engine/check';
import type { Transport } from '../../../utils/engine/net/fetch-bounded';
import { reportToJson } from '../../../utils/engine/report/report-json';
import type { Limits } from '../../../utils/engine/spec';
import { archiveCapsSite } from '../../fixtures/hostile/archives';
import { BUDGET_SITES } from '../../fixtures/hostile/budget';
import { HOSTILE_SITES } from '../../fixtures/hostile/index';
import { SLOW_SITES } from '../../fixtures/hostile/slow';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { ALL_SITES } from '../../fixtures/sites/index';
import { ENGLISH } from '../../helpers/english';
import { reportProblems } from '../../helpers/report-schema';

let server: FixtureServer;
let transport: Transport;
beforeAll(async () => {
  server = await startFixtureServer({ sites: [...ALL_SITES, ...HOSTILE_SITES] });
  transport = createNodeTransport({ resolve: server.resolveMap, ca: server.caPem });
});
afterAll(() => server.close());

// The slow families wait out their timeouts, and the archive caps build archives of many MiB:
// their reports have the shapes the other sites' reports have.
const waiting = new Set([...SLOW_SITES, ...BUDGET_SITES, archiveCapsSite].map((s) => s.name));
const LIMITS: Partial<Limits> = { timeoutMs: 1500, checkMs: 12_000 };
const sites = [...ALL_SITES, ...HOSTILE_SITES.filter((s) => !waiting.has(s.name))].map((s) => s.name);

describe('schemas/report.schema.json', () => {
  it.each(sites)('accepts the JSON report of %s', async (name) => {
    for (const origin of [server.origin(name), server.publicOrigin(name)]) {
      const { report } = await checkSite(origin, { transport, mayContact: () => true, limits: LIMITS });
      expect(reportProblems(JSON.parse(JSON.stringify(reportToJson(report, ENGLISH)))), origin).toEqual([]);
    }
  });

  it('refuses a report with a status, a severity or a required field it does not know', async () => {
    const { report } = await checkSite(server.origin('northlight-stale'), { transport, mayContact: () => true });
    const json = JSON.parse(JSON.stringify(reportToJson(report, ENGLISH))) as Record<string, unknown> & {
      skills: { status: string }[];
      findings: { severity: string }[];
    };
    expect(reportProblems(json)).toEqual([]);
    expect(reportProblems({ ...json, skills: [{ ...json.skills[0], status: 'fine' }] })).not.toEqual([]);
    expect(reportProblems({ ...json, findings: [{ ...json.findings[0], severity: 'fatal' }] })).not.toEqual([]);
    const { verdict: _verdict, ...noVerdict } = json;
    expect(reportProblems(noVerdict)).not.toEqual([]);
    // New sections (a lens per skill, a list of changes) are welcome: the lead tightens after merging.
    expect(reportProblems({ ...json, changes: [], skills: json.skills.map((s) => ({ ...s, lens: {} })) })).toEqual([]);
  });
});
