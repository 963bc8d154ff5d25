// Files dropped on the full-page report, checked with no network: the same statuses as the
// served store, whatever folder layout they come in, and the byte caps hold for them too.
import { describe, expect, it } from 'vitest';
import type { DroppedFile } from '../../utils/engine/net/dropped/site-paths';
import { DEFAULT_LIMITS, DROPPED_FILES_MAX } from '../../utils/engine/spec';
import { checkDroppedFiles, droppedSkillText, LEFT_OUT_SHOWN } from '../../utils/extension/check-files';
import { filesOrigin, siteFileMap } from '../fixtures/site-files';
import { longIndexStore, wholeEntriesWithin } from '../fixtures/sites/long-index';
import { northlight } from '../fixtures/sites/northlight';
import { northlightStale } from '../fixtures/sites/northlight-stale';
import { english, ENGLISH } from '../helpers/english';
import { reportProblems } from '../helpers/report-schema';
import { reportToJson } from '../../utils/engine/report/report-json';
import { reportToMarkdown } from '../../utils/engine/report/report-markdown';
import { reportState } from '../../utils/engine/report/state';
import { stateHeadline, stateSummary } from '../../utils/extension/state-look';

const dropped = (path: string, bytes: Uint8Array): DroppedFile => ({
  path,
  size: bytes.byteLength,
  stream: () => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream(),
});

/** A fixture store's files, each path rewritten by `layout` (a picked folder, loose files…). */
async function storeFiles(site: typeof northlight, layout: (path: string) => string): Promise<DroppedFile[]> {
  return [...(await siteFileMap(site))].map(([path, bytes]) => dropped(layout(path), bytes));
}

const statuses = (check: Awaited<ReturnType<typeof checkDroppedFiles>>) =>
  check.ok ? Object.fromEntries(check.result.report.skills.map((s) => [s.name, s.status])) : english(check.words);

describe('checkDroppedFiles', () => {
  it.each<[string, (path: string) => string]>([
    ['a picked site folder', (path) => `public/${path}`],
    ['the .well-known folder itself', (path) => path],
    ['loose files, each skill in a folder of its name', (path) => path.replace(/^\.well-known\/(agent-skills\/)?/, '')],
    ['loose files one by one, every skill a bare SKILL.md (told apart by its frontmatter name)', (path) => path.split('/').at(-1)!],
  ])('checks Northlight from %s as the served store (origin from poppy.json)', async (_layout, layout) => {
    const check = await checkDroppedFiles(await storeFiles(northlight, layout), null);
    expect(check.ok && check.origin).toBe(filesOrigin('northlight'));
    expect(check.ok && check.result.report.verdict).toBe(northlight.expect.verdict);
    expect(statuses(check)).toEqual(northlight.expect.skills);
  });

  it("previews each bare SKILL.md from the check's own named files (each its own skill's text)", async () => {
    const check = await checkDroppedFiles(await storeFiles(northlight, (path) => path.split('/').at(-1)!), null);
    if (!check.ok) throw new Error('not checked');
    const served = await siteFileMap(northlight);
    for (const skill of check.result.report.skills) {
      // The body of the very file the site serves for that skill (its text after the frontmatter).
      const file = [...served].find(([path]) => path.endsWith(`/${skill.name}/SKILL.md`))!;
      const body = new TextDecoder()
        .decode(file[1])
        .split(/^---$/m)[2]!
        .replace(/^\r?\n/, '');
      expect((await droppedSkillText(check.files, check.origin, skill))?.markdown, skill.name).toBe(body);
    }
  });

  it('finds the stale digest in the stale copy, and shows each text file raw', async () => {
    const files = await storeFiles(northlightStale, (path) => path);
    const check = await checkDroppedFiles(files, null);
    expect(statuses(check)).toEqual(northlightStale.expect.skills);
    if (!check.ok) throw new Error('not checked');
    expect(check.raw.map((r) => r.path).sort()).toEqual(
      files
        .map((f) => f.path)
        .filter((p) => /\.(json|md)$/.test(p))
        .sort(),
    );
    expect(check.raw.find((r) => r.path.endsWith('poppy.json'))?.text).toContain('"organization"');
  });

  it('poppy.json alone: every other file is "not provided", never a 404, and nothing reads as the site failing', async () => {
    const files = await storeFiles(northlight, (path) => path);
    const check = await checkDroppedFiles(
      files.filter((f) => f.path.endsWith('poppy.json')),
      null,
    );
    if (!check.ok) throw new Error('not checked');
    const { report } = check.result;
    expect(report.skills.map((s) => [s.name, s.status, s.notChecked, s.reason && english(s.reason)])).toEqual(
      Object.keys(northlight.expect.skills).map((name) => [name, 'not-checked', 'not-provided', 'not among the files you checked']),
    );
    expect(report.verdict).toBe('ok');
    expect(report.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(report.findings.some((f) => f.code === 'skill-unreachable' || f.code === 'no-skill-index')).toBe(false);
    const notProvided = report.findings.filter((f) => f.code === 'file-not-provided').map((f) => english(f.message));
    expect(notProvided).toContain('/.well-known/agent-skills/index.json was not among the files checked, so it was not read.');
    expect(notProvided).toContain(
      'The file of skill find-flowers (/.well-known/agent-skills/find-flowers/SKILL.md) was not among the files checked, so its digest was not checked.',
    );
    const index = report.documents.find((d) => d.kind === 'index')!;
    expect([index.notProvided, index.httpStatus, index.published]).toEqual([true, null, false]);
    // The headline and the line under it: the user's files, not the site's failure.
    const state = reportState(report);
    expect(state).toBe('unverified');
    expect(english(stateHeadline(report, state))).toBe('Checked, except files not provided');
    expect(english(stateSummary(report, state))).toBe('3 of 3 skill files were not among your files: add them to check their digests.');
    // The exports say it too, and the JSON keeps the report's shape (schemas/report.schema.json).
    expect(reportToMarkdown(report, ENGLISH)).toContain('- 3 of 3 skill files were not among the files checked.');
    const json = reportToJson(report, ENGLISH);
    expect(json.coverage).toMatchObject({ unchecked: 0, notProvided: 3 });
    expect(reportProblems(JSON.parse(JSON.stringify(json)))).toEqual([]);
  });

  it('a folder missing one SKILL.md: that skill is "not provided", the others verified', async () => {
    const files = await storeFiles(northlight, (path) => path);
    const check = await checkDroppedFiles(
      files.filter((f) => !f.path.includes('find-flowers/')),
      null,
    );
    expect(statuses(check)).toEqual({ ...northlight.expect.skills, 'find-flowers': 'not-checked' });
    if (!check.ok) throw new Error('not checked');
    expect(check.result.report.skills.find((s) => s.name === 'find-flowers')?.notChecked).toBe('not-provided');
    expect(check.result.report.documents.some((d) => d.notProvided)).toBe(false);
    // The API description poppy.json names (/poppy/openapi.json) was not given either: the lens says so, not "HTTP 404".
    const lens = check.result.report.skills.find((s) => s.name === 'check-flower-order')?.lens;
    expect(lens?.notChecked?.reason && english(lens.notChecked.reason)).toBe('not among the files you checked');
    expect(english(stateSummary(check.result.report, 'unverified'))).toBe(
      '1 of 3 skill files was not among your files: add it to check its digest.',
    );
  });

  it('names the site URLs each raw document stands for, so findings find their document', async () => {
    const files = await storeFiles(northlightStale, (path) => path.split('/').slice(-2).join('/'));
    const check = await checkDroppedFiles(files, null);
    if (!check.ok) throw new Error('not checked');
    const origin = filesOrigin('northlight-stale');
    const urls = Object.fromEntries(check.raw.map((r) => [r.path, r.urls]));
    expect(urls['.well-known/poppy.json']).toContain(`${origin}/.well-known/poppy.json`);
    const mismatch = check.result.report.findings.find((f) => f.code === 'digest-mismatch')!;
    expect(check.raw.filter((r) => r.urls.includes(mismatch.document!)).length).toBe(1);
  });

  it('needs a site: without poppy.json and nothing typed, it says there is no poppy.json', async () => {
    const files = (await storeFiles(northlight, (path) => path)).filter((f) => !f.path.endsWith('poppy.json'));
    expect(statuses(await checkDroppedFiles(files, null))).toBe(english({ key: 'reportFilesNoPoppy', params: [] }));
    const nameless = dropped('poppy.json', new TextEncoder().encode('{"organization":{"name":"x"}}'));
    expect(statuses(await checkDroppedFiles([...files, nameless], null))).toContain('names no organization.domain');
    const typed = await checkDroppedFiles(files, filesOrigin('northlight'));
    expect(typed.ok && typed.result.report.skills.length).toBe(Object.keys(northlight.expect.skills).length);
  });

  it('says so when nothing was dropped', async () => {
    expect(statuses(await checkDroppedFiles([], null))).toBe(english({ key: 'reportFilesNone', params: [] }));
  });

  it('caps a dropped file as it caps a served one', async () => {
    const poppy = `{"organization":{"domain":"big.example","name":"${'x'.repeat(DEFAULT_LIMITS.poppyBytes)}"}}`;
    const check = await checkDroppedFiles([dropped('poppy.json', new TextEncoder().encode(poppy))], 'https://big.example');
    expect(check.ok && check.result.report.findings.map((f) => f.code)).toContain('document-too-large');
  });

  it("reads a dropped index by the check's rule: up to the skill cap at the largest entries, then our limit", async () => {
    const site = longIndexStore('long-300', DEFAULT_LIMITS.maxSkills + 100);
    const check = await checkDroppedFiles(await storeFiles(site, (path) => path), filesOrigin('long-300'));
    const report = check.ok ? check.result.report : null;
    const cut = report?.findings.filter((f) => f.code === 'index-too-large') ?? [];
    expect(cut.map((f) => english(f.message))).toEqual([
      expect.stringContaining(`1.6 MiB, ${wholeEntriesWithin(site, DEFAULT_LIMITS.indexBytes)} whole entries were read`),
    ]);
    expect(report?.skills.filter((s) => s.status === 'verified')).toHaveLength(DEFAULT_LIMITS.maxSkills);
    expect(report?.verdict).toBe('ok');
  });

  it(`takes ${DROPPED_FILES_MAX} files, those under .well-known/ first, and names the rest`, async () => {
    const files = await storeFiles(northlight, (path) => path);
    const padding = Array.from({ length: DROPPED_FILES_MAX }, (_, i) => dropped(`notes/${i}.txt`, new Uint8Array(1)));
    const check = await checkDroppedFiles([...padding, ...files], null);
    expect(check.ok && check.ignored).toBe(files.length);
    expect(check.ok && check.leftOut).toEqual(padding.slice(-files.length).map((f) => f.path));
    expect(statuses(check)).toEqual(northlight.expect.skills);
  });

  it('a folder of 20,000 files with poppy.json last is checked from its poppy.json', async () => {
    const files = await storeFiles(northlight, (path) => `site/${path}`);
    const padding = Array.from({ length: 20_000 }, (_, i) => dropped(`site/assets/${i}.png`, new Uint8Array(1)));
    const check = await checkDroppedFiles([...padding, ...files], null);
    expect(check.ok && check.origin).toBe(filesOrigin('northlight'));
    expect(statuses(check)).toEqual(northlight.expect.skills);
    expect(check.ok && check.ignored).toBe(padding.length + files.length - DROPPED_FILES_MAX);
    expect(check.ok && check.leftOut).toHaveLength(LEFT_OUT_SHOWN);
    expect(check.ok && check.leftOut.every((path) => path.startsWith('site/assets/'))).toBe(true);
  });

  it('loose files chosen after 600 others: poppy.json, the index and each SKILL.md are read first', async () => {
    const files = await storeFiles(northlight, (path) => path.split('/').at(-1)!);
    const padding = Array.from({ length: 600 }, (_, i) => dropped(`note-${i}.txt`, new Uint8Array(1)));
    const check = await checkDroppedFiles([...padding, ...files], null);
    expect(statuses(check)).toEqual(northlight.expect.skills);
  });

  it('poppy.json past the file cap (more files under .well-known/ than the cap) is said to be left out', async () => {
    const padding = Array.from({ length: DROPPED_FILES_MAX }, (_, i) => dropped(`.well-known/x/${i}.txt`, new Uint8Array(1)));
    const poppy = dropped('.well-known/poppy.json', new TextEncoder().encode('{"organization":{"domain":"a.example"}}'));
    const check = await checkDroppedFiles([...padding, poppy], null);
    expect(statuses(check)).toBe(english({ key: 'reportFilesPoppyLeftOut', params: ['1', String(DROPPED_FILES_MAX)] }));
  });

  it('a pasted poppy.json of 30 MB is said to be cut off by our cap, not to name no domain', async () => {
    const big = new Uint8Array(30 * 1024 * 1024).fill(0x20);
    big.set(new TextEncoder().encode('{"organization":{"domain":"big.example"},"x":"'));
    const check = await checkDroppedFiles([dropped('poppy.json', big)], null);
    const said = statuses(check) as string;
    expect(said).toBe(english({ key: 'reportFilesPoppyTooLarge', params: ['30 MiB', '2 MiB'] }));
    expect(said).not.toContain('organization.domain');
  });
});
