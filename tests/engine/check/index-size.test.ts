// Indexes of any valid size (D5, revised): the index's byte cap follows the skill cap at the
// largest valid entries, so an index of 1024-character descriptions is read whole up to our
// skill cap, in the extension's configuration (200) and the command line's (1000); past the cap
// it is our limit (a warning saying what was read), its whole entries still checked, and the
// verdict never `errors` for it. An index embedded in poppy.json fits the same skill cap: poppy.json's
// cap is its own fields' plus an index's. Real fixture server on 127.0.0.1, the command line's transport.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { CLI_MAX_SKILLS } from '../../../cli/network-options';
import { checkSite } from '../../../utils/engine/check';
import { coverage } from '../../../utils/engine/report/coverage';
import { DEFAULT_LIMITS, OVER_CAP_LISTED, POPPY_FIELDS_BYTES, poppyBytesFor, WELL_KNOWN } from '../../../utils/engine/spec';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { longIndexStore, wholeEntriesWithin } from '../../fixtures/sites/long-index';
import { english } from '../../helpers/english';

const sites = {
  extension: longIndexStore('long-200', DEFAULT_LIMITS.maxSkills),
  cli: longIndexStore('long-1000', CLI_MAX_SKILLS),
  embedded: longIndexStore('long-200-embedded', DEFAULT_LIMITS.maxSkills, { embedded: true }),
  embeddedCli: longIndexStore('long-1000-embedded', CLI_MAX_SKILLS, { embedded: true }),
};
const indexText = (site: keyof typeof sites) => sites[site].routes[WELL_KNOWN.skillIndex] as { body: string };
const poppyText = (site: keyof typeof sites) => sites[site].routes[WELL_KNOWN.poppy] as { body: string };

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({ sites: Object.values(sites), https: false });
});
afterAll(() => server.close());

const transport = createNodeTransport({});
const codes = (findings: readonly { code: string }[]) => findings.map((f) => f.code);

describe('an index of the largest valid entries', () => {
  it(`${DEFAULT_LIMITS.maxSkills} entries (1.1 MiB): read and checked in the extension's configuration`, async () => {
    expect(Buffer.byteLength(indexText('extension').body)).toBeGreaterThan(4 * 256 * 1024);
    const { report, rawDocuments } = await checkSite(server.origin('long-200'), { transport });
    // The extension keeps the text for the full-page report's numbered lines.
    expect(rawDocuments?.map((d) => d.text.length)).toEqual([indexText('extension').body.length]);
    expect(codes(report.findings)).not.toContain('document-too-large');
    expect(codes(report.findings)).not.toContain('index-too-large');
    expect(report.skills.filter((s) => s.status === 'verified')).toHaveLength(DEFAULT_LIMITS.maxSkills);
    expect(report.verdict).toBe('ok');
  });

  it(`${CLI_MAX_SKILLS} entries (5.4 MiB): read and checked in the command line's configuration, its text not held`, async () => {
    const cli = { transport, limits: { maxSkills: CLI_MAX_SKILLS }, rawTexts: false };
    const { report, rawDocuments } = await checkSite(server.origin('long-1000'), cli);
    expect(rawDocuments).toEqual([]);
    // The extension's raised cap reads it whole too, and does not keep a text that long (storage.session's quota).
    const raised = await checkSite(server.origin('long-1000'), { transport, limits: { maxSkills: CLI_MAX_SKILLS } });
    expect([raised.report.skills.length, raised.rawDocuments]).toEqual([CLI_MAX_SKILLS, []]);
    expect(codes(report.findings)).not.toContain('index-too-large');
    expect(report.skills.filter((s) => s.status === 'verified')).toHaveLength(CLI_MAX_SKILLS);
    expect(report.verdict).toBe('ok');
  }, 60_000);

  it('past the cap: a warning about our limit saying what was read, the whole entries checked, not `errors`', async () => {
    const { report } = await checkSite(server.origin('long-1000'), { transport });
    // The entries whole within the first indexBytes bytes of what was served.
    const whole = wholeEntriesWithin(sites.cli, DEFAULT_LIMITS.indexBytes);
    expect(whole).toBeGreaterThan(DEFAULT_LIMITS.maxSkills);
    const cut = report.findings.filter((f) => f.code === 'index-too-large');
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatchObject({ severity: 'warning', ourLimit: true });
    expect(english(cut[0]!.message)).toBe(
      `The index is longer than we read for the skills we check: of its first 1.6 MiB, ${whole} whole entries were read; what follows was not. That is our limit, not a fault of the site.`,
    );
    expect(codes(report.findings)).not.toContain('document-too-large');
    expect(report.skills.filter((s) => s.status === 'verified')).toHaveLength(DEFAULT_LIMITS.maxSkills);
    expect(report.skills.filter((s) => s.status === 'not-checked')).toHaveLength(OVER_CAP_LISTED);
    expect(coverage(report)).toMatchObject({ total: whole, overCap: whole - DEFAULT_LIMITS.maxSkills });
    expect(report.verdict).toBe('ok');
  });
});

describe('the same entries embedded in poppy.json (draft 0.3 `skill_index`)', () => {
  it(`${DEFAULT_LIMITS.maxSkills} entries: poppy.json is read whole and every skill checked in the extension's configuration`, async () => {
    expect(Buffer.byteLength(poppyText('embedded').body)).toBeGreaterThan(4 * POPPY_FIELDS_BYTES);
    const { report } = await checkSite(server.origin('long-200-embedded'), { transport });
    expect(codes(report.findings)).not.toContain('document-too-large');
    expect(report.skills.filter((s) => s.status === 'verified')).toHaveLength(DEFAULT_LIMITS.maxSkills);
    expect(report.skills.every((s) => s.source === 'poppy')).toBe(true);
  });

  it(`${CLI_MAX_SKILLS} entries: read whole by the command line; past the extension's poppy.json cap, said with its size`, async () => {
    const cli = await checkSite(server.origin('long-1000-embedded'), { transport, limits: { maxSkills: CLI_MAX_SKILLS }, rawTexts: false });
    expect(codes(cli.report.findings)).not.toContain('document-too-large');
    expect(cli.report.skills.filter((s) => s.status === 'verified')).toHaveLength(CLI_MAX_SKILLS);

    expect(Buffer.byteLength(poppyText('embeddedCli').body)).toBeGreaterThan(DEFAULT_LIMITS.poppyBytes);
    const { report } = await checkSite(server.origin('long-1000-embedded'), { transport });
    const big = report.findings.filter((f) => f.code === 'document-too-large');
    expect(big.map((f) => english(f.message))).toEqual([
      `The document is larger than ${poppyBytesFor(DEFAULT_LIMITS.maxSkills) / 1024 / 1024} MiB (Content-Length ${Buffer.byteLength(poppyText('embeddedCli').body)}).`,
    ]);
  }, 60_000);
});
