import { act, fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_RESET_MS } from '../../components/CopyButton';
import { MANY_SKILLS } from '../../components/SkillSection';
import { ENGINE_CODES } from '../../utils/engine/check';
import type { Report, SkillReport } from '../../utils/engine/report/report';
import { buildFolded, renderPanel, reportView } from './harness';
import * as reports from './reports';
import { DIGESTS } from './reports';

const texts = (root: ParentNode, selector: string) => [...root.querySelectorAll(selector)].map((el) => el.textContent?.trim());
const button = (root: HTMLElement, name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === name)!;

/** A site of `n` skills, `broken` of them changed since they were published. */
function bigSite(n: number, broken: readonly number[] = []): Report {
  const report = reports.northlightOk();
  report.skills = Array.from({ length: n }, (_, i): SkillReport => {
    const name = `skill-${String(i).padStart(3, '0')}`;
    return reports.skill(
      name,
      DIGESTS.find,
      broken.includes(i) ? { status: 'mismatch', actualDigest: DIGESTS.change, frontmatter: null, mismatch: [] } : {},
    );
  });
  report.verdict = broken.length > 0 ? 'errors' : 'ok';
  return report;
}

afterEach(() => vi.useRealTimers());

describe('the answer first', () => {
  it('the good store: verdict and one line under the name, then the skills before anything else', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    expect(texts(root, 'header.site h1, header.site .host, .verdict-symbol, .verdict, [data-summary]')).toEqual([
      'Northlight Flowers',
      'northlight.poppy.test',
      '✓',
      'Everything checks out',
      '3 skills, all verified.',
    ]);
    const order = [...root.querySelectorAll('h2, .fold')].map((el) => el.textContent?.slice(0, 20));
    expect(order[0]).toBe('Skills (3)');
  });

  it('a skill whose server sent a web page is "Wrong file served", in the row and the line', () => {
    const report = reports.northlightStale();
    report.skills.find((s) => s.status === 'mismatch')!.mismatch = ['html-body'];
    const { root } = renderPanel(reportView(report));
    expect(root.querySelector('[data-skill="change-flower-delivery"] .status')?.textContent).toBe('✗ Wrong file served');
    expect(root.querySelector('[data-summary]')?.textContent).toBe(
      "1 of 3 skills: the server sent the wrong file. Don't use change-flower-delivery.",
    );
  });

  it("a row's colour is its worst finding's severity (verified, served with a wrong type: amber)", () => {
    const report = reports.northlightOk();
    report.findings.push(reports.finding(ENGINE_CODES['missing-cors'].says({}), { severity: 'warning', skill: 'find-flowers' }));
    const { root } = renderPanel(reportView(report));
    const row = root.querySelector('[data-skill="find-flowers"]')!;
    expect(row.classList.contains('tone-border-warning')).toBe(true);
    expect(row.querySelector('.status')?.classList.contains('tone-warning')).toBe(true);
    expect(row.querySelector('.status')?.textContent).toBe('✓ Verified');
    expect(root.querySelector('[data-skill="check-flower-order"]')?.classList.contains('tone-border-ok')).toBe(true);
  });

  it('sign-in, services and the company agent are folded into one-line summaries', async () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    await buildFolded(root);
    const folds = [...root.querySelectorAll<HTMLDetailsElement>('details.fold')];
    expect(folds.map((f) => f.open)).toEqual([false, false, false]);
    expect(texts(root, 'details.fold > summary')).toEqual([
      "How an agent signs in here on the company's own page and on another device",
      'Services agents can call 2 listed',
      "The company's own agent poppy",
    ]);
    // Jargon comes with its one-line explanation.
    expect(root.querySelector('[data-api="mcp"] .small')?.textContent).toBe(
      'A tool server (Model Context Protocol) that agents connect to.',
    );
  });

  it('"Show the skill" carries the skill\'s name in its accessible name', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    expect([...root.querySelectorAll('.skill-body > summary')].map((s) => s.getAttribute('aria-label'))).toEqual([
      'Show the skill change-flower-delivery',
      'Show the skill check-flower-order',
      'Show the skill find-flowers',
    ]);
  });

  it('a header with settings and a short "What is this?"', () => {
    const { root, actions } = renderPanel(reportView(reports.northlightOk()));
    fireEvent.click(button(root, 'Settings'));
    expect(actions.openSettings).toHaveBeenCalledTimes(1);
    expect(root.querySelector('.about summary')?.textContent).toBe('Poppy Inspector What is this?');
    expect(root.querySelector('.about p')?.textContent).toContain('checks that every skill file is exactly the one the site published');
  });
});

describe('for site owners', () => {
  it('"Open full report" opens the full-page report when the host offers it', () => {
    const openFullReport = vi.fn();
    const { root } = renderPanel(reportView(reports.northlightOk()), { openFullReport });
    const open = root.querySelector<HTMLButtonElement>('.owners [data-open-report]');
    expect(open?.textContent).toBe('Open full report');
    fireEvent.click(open!);
    expect(openFullReport).toHaveBeenCalledTimes(1);
  });

  it('is not offered where the host has no full-page report (that page itself)', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    expect(root.querySelector('.owners h2')?.textContent).toBe('For site owners');
    expect(root.querySelector('[data-open-report]')).toBeNull();
  });
});

// 200 rows in happy-dom: slow on a busy machine, not a speed test.
describe('many skills', { timeout: 30_000 }, () => {
  it(`up to ${MANY_SKILLS}: every row in full, no filter`, () => {
    const { root } = renderPanel(reportView(bigSite(MANY_SKILLS)));
    expect(root.querySelector('#skill-filter')).toBeNull();
    expect(root.querySelectorAll('[data-skill].compact')).toHaveLength(0);
  });

  it('past a dozen: a counts line, problems first and open, verified ones folded, a filter box', async () => {
    const { root } = renderPanel(reportView(bigSite(200, [17, 142])));
    expect(texts(root, '[data-counts] li')).toEqual(['✗ Changed since it was published: 2', '✓ Verified: 198']);
    const open = [...root.querySelectorAll<HTMLElement>('.skills-section > ul.skills > [data-skill]')];
    expect(open.map((r) => r.dataset.skill)).toEqual(['skill-017', 'skill-142']);
    expect(open[0]!.querySelector('.consequence')?.textContent).toContain('must not be used');
    const group = root.querySelector<HTMLDetailsElement>('details.verified-group')!;
    expect(group.open).toBe(false);
    expect(group.querySelector('summary')?.textContent).toBe('✓ 198 verified skills');
    // Folded rows are built when the group first opens; the count is there before.
    expect(group.dataset.skillCount).toBe('198');
    expect(group.querySelectorAll('[data-skill]')).toHaveLength(0);
    await act(() => void fireEvent.click(group.querySelector('summary')!));
    expect(group.querySelectorAll('[data-skill].compact')).toHaveLength(198);
    const more = group.querySelector<HTMLDetailsElement>('[data-skill] .skill-more')!;
    expect(more.querySelector('summary')?.getAttribute('aria-label')).toBe('More about skill-000');
    // A row's own "More" is built when it opens too, and stays built (what is open inside stays open).
    expect(more.querySelector('.company-text')).toBeNull();
    await act(() => void fireEvent.click(more.querySelector('summary')!));
    expect(more.querySelector('.company-text')).not.toBeNull();
    await act(() => void fireEvent.click(more.querySelector('summary')!));
    expect(more.open).toBe(false);
    expect(more.querySelector('.company-text')).not.toBeNull();
    await act(() => void fireEvent.click(group.querySelector('summary')!));
    expect(group.querySelectorAll('[data-skill]')).toHaveLength(198);
  });

  it('the filter shows the matching skills, verified ones too, and says how many', () => {
    const { root } = renderPanel(reportView(bigSite(200, [17])));
    const filter = root.querySelector<HTMLInputElement>('#skill-filter')!;
    expect(root.querySelector('label[for="skill-filter"]')?.textContent).toBe('Filter skills');
    fireEvent.input(filter, { target: { value: 'SKILL-01' } });
    expect([...root.querySelectorAll<HTMLElement>('[data-skill]')].map((r) => r.dataset.skill)).toEqual([
      'skill-017',
      ...['010', '011', '012', '013', '014', '015', '016', '018', '019'].map((n) => `skill-${n}`),
    ]);
    expect(root.querySelector('.skills-section [role="status"]')?.textContent).toBe('10 of 200 skills match');
    expect(root.querySelector('details.verified-group')).toBeNull();
  });
});

describe('small things users notice', () => {
  it('"✓ Copied" goes away again', async () => {
    // Loaded once before the clock is faked: the copy's code then arrives without a timer.
    await import('../../components/report-exports');
    vi.useFakeTimers();
    const { root } = renderPanel(reportView(reports.northlightOk()));
    fireEvent.click(button(root, 'Copy report as JSON'));
    await act(async () => {
      for (let tick = 0; tick < 20; tick += 1) await Promise.resolve();
    });
    const status = button(root, 'Copy report as JSON').nextElementSibling!;
    expect(status.textContent).toBe('✓ Copied');
    await act(async () => {
      vi.advanceTimersByTime(COPIED_RESET_MS);
    });
    expect(status.textContent).toBe('');
  });

  it('URLs get a break opportunity after each slash', async () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    await buildFolded(root);
    const target = root.querySelector('[data-api="openapi"] .link-target')!;
    expect(target.textContent).toBe('https://northlight.poppy.test/poppy/openapi.json');
    expect(target.querySelectorAll('wbr')).toHaveLength(4);
  });

  it('per site: "Don\'t check this site automatically", and undo, on one button that keeps the focus', async () => {
    const { root, actions } = renderPanel(reportView(reports.northlightOk()));
    const choice = root.querySelector<HTMLButtonElement>('[data-site-quiet]')!;
    expect(choice.textContent).toBe("Don't check this site automatically");
    choice.focus();
    fireEvent.click(choice);
    expect(actions.setSiteQuiet).toHaveBeenLastCalledWith(true);
    expect(root.querySelector('.site-choice [role="status"]')?.textContent).toBe('This site is checked only when you open this panel.');
    expect(choice.textContent).toBe('Check it automatically again');
    expect(document.activeElement).toBe(choice);
    fireEvent.click(choice);
    expect(actions.setSiteQuiet).toHaveBeenLastCalledWith(false);
    expect(choice.dataset.siteQuiet).toBe('false');
  });

  it('no per-site choice when automatic checks are off for every site', () => {
    const { root } = renderPanel(reportView(reports.northlightOk(), { quiet: null }));
    expect(root.querySelector('[data-site-quiet]')).toBeNull();
  });
});
