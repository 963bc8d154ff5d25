import { describe, expect, it } from 'vitest';
import { act, fireEvent, waitFor } from '@testing-library/preact';
import { buildFolded, checkingView, panelElement, renderPanel, reportView } from './harness';
import * as reports from './reports';
import { ORIGIN } from './reports';
import type { PanelView } from '../../utils/extension/panel-types';
import { ENTRY_REASONS } from '../../utils/engine/skill-index/entry';
import { reportToJson } from '../../utils/engine/report/report-json';
import { assertReport } from '../helpers/report-schema';
import { ENGLISH } from '../helpers/english';

const texts = (root: HTMLElement, selector: string) => [...root.querySelectorAll(selector)].map((el) => el.textContent?.trim());
const button = (root: HTMLElement, name: string) => {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.includes(name));
  if (!found) throw new Error(`no button "${name}" in ${root.textContent}`);
  return found;
};

describe('Panel states', () => {
  it.each<[string, PanelView, string, string]>([
    ['loading', { kind: 'loading' }, 'checking', 'Loading…'],
    ['unsupported', { kind: 'unsupported', url: 'chrome://extensions/' }, 'none', "Extensions can't run on this page"],
    ['unsupported without a URL', { kind: 'unsupported', url: null }, 'none', 'Open a website'],
    ['no permission', { kind: 'no-permission', origin: ORIGIN }, 'none', 'needs your permission'],
    ['checking, first time', checkingView(ORIGIN, null), 'checking', 'Checking what this site publishes for AI agents…'],
    ['nothing published', reportView(reports.nothingPublished()), 'none', 'This site publishes nothing for AI agents.'],
    ['unreachable', reportView(reports.unreachable()), 'errors', 'Could not check this site'],
    ['ok', reportView(reports.northlightOk()), 'ok', 'Everything checks out'],
    [
      'mismatch',
      reportView(reports.northlightStale()),
      'errors',
      "1 of 3 skills changed since it was published: don't use change-flower-delivery.",
    ],
  ])('%s: data-verdict and what it says', (_label, view, verdict, text) => {
    const { root } = renderPanel(view);
    expect(root.dataset.verdict).toBe(verdict);
    expect(root.dataset.view).toBe(view.kind);
    expect(root.textContent).toContain(text);
  });

  it('checking is busy, and announced from a live region outside the busy part', () => {
    const { root } = renderPanel(checkingView(ORIGIN, null, { progress: { done: 2, total: 3 } }));
    const live = root.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('Checking northlight.poppy.test…');
    expect(live.closest('[aria-busy="true"]')).toBeNull();
    expect(root.querySelector('[aria-busy="true"]')).not.toBeNull();
    // Heading, site and progress: the checking state is a page of its own, not a blank.
    expect(root.querySelector('h1')?.textContent).toBe('northlight.poppy.test');
    expect(root.querySelector('[data-checking]')?.textContent).toBe('2 of 3 skills checked');
    expect(root.querySelector('progress')?.getAttribute('value')).toBe('2');
  });

  it("announces the end of a check with the panel's own summary; a cached report is not announced", () => {
    const { root, rerender } = renderPanel(reportView(reports.northlightOk()));
    const live = () => root.querySelector('[aria-live="polite"]')!.textContent;
    expect(live()).toBe('');
    rerender(panelElement(checkingView(ORIGIN, reports.northlightOk())));
    expect(live()).toBe('Checking northlight.poppy.test…');
    rerender(panelElement(reportView(reports.northlightStale())));
    expect(live()).toBe("Done: 1 of 3 skills changed since it was published: don't use change-flower-delivery.");
  });

  it('shows the page it cannot run on', () => {
    const { root } = renderPanel({ kind: 'unsupported', url: 'https://chromewebstore.google.com/detail/x' });
    expect(root.textContent).toContain('https://chromewebstore.google.com/detail/x');
  });

  it('asks for host access with one button that calls grantAccess', () => {
    const { root, actions } = renderPanel({ kind: 'no-permission', origin: ORIGIN });
    expect(root.querySelector('h1')?.textContent).toBe('northlight.poppy.test');
    // It does send requests: promise only what is true.
    expect(root.textContent).toContain('It never sends your cookies or sign-in details.');
    expect(root.textContent).not.toContain('nothing else');
    fireEvent.click(button(root, 'Grant access to this site'));
    expect(actions.grantAccess).toHaveBeenCalledTimes(1);
  });

  it('names the site it needs access to (Firefox withheld host access; activeTab reveals the URL)', () => {
    const { root } = renderPanel({ kind: 'no-permission', origin: ORIGIN });
    expect(root.querySelector('h1')?.textContent).toBe('northlight.poppy.test');
    expect(root.querySelector('.state .lead')?.textContent).toBe('Access needed');
  });

  it('asks for access with a generic heading when the origin is unknown', () => {
    const { root } = renderPanel({ kind: 'no-permission', origin: '' });
    expect(root.querySelector('h1')?.textContent).toBe('Access needed');
  });

  it('keeps the previous result visible while checking; re-check waits (aria-disabled) and says so', () => {
    const { root, actions } = renderPanel(checkingView(ORIGIN, reports.northlightOk(), { progress: { done: 1, total: 3 } }));
    expect(root.dataset.verdict).toBe('checking');
    expect(texts(root, '[data-skill]')).toHaveLength(3);
    const recheck = button(root, 'Check again');
    // Not `disabled`: a disabled button drops the keyboard focus to the page.
    expect(recheck.disabled).toBe(false);
    expect(recheck.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(recheck);
    expect(actions.recheck).not.toHaveBeenCalled();
    expect(root.querySelector('[data-checking]')?.textContent).toBe('⟳ Checking… 1 of 3 skills checked');
  });

  it('"Check again" keeps the focus and every open disclosure through the check and its result', () => {
    const { root, rerender } = renderPanel(reportView(reports.northlightOk()));
    const recheck = button(root, 'Check again');
    recheck.focus();
    const fold = root.querySelector<HTMLDetailsElement>('details.fold')!;
    const skillBody = root.querySelector<HTMLDetailsElement>('[data-skill="find-flowers"] details')!;
    fold.open = true;
    skillBody.open = true;
    rerender(panelElement(checkingView(ORIGIN, reports.northlightOk())));
    rerender(panelElement(reportView(reports.northlightOk())));
    expect(document.activeElement).toBe(recheck);
    expect(root.querySelector<HTMLDetailsElement>('details.fold')).toBe(fold);
    expect(fold.open).toBe(true);
    expect(root.querySelector<HTMLDetailsElement>('[data-skill="find-flowers"] details')?.open).toBe(true);
  });

  it('nothing published: says so and offers a re-check, no sections', () => {
    const { root, actions } = renderPanel(reportView(reports.nothingPublished()));
    expect(root.querySelector('h1')?.textContent).toBe('northlight.poppy.test');
    expect(root.querySelector('.verdict-symbol')?.textContent).toBe('—');
    expect(root.querySelector('.verdict')?.textContent).toBe('Nothing published for agents');
    expect(root.querySelector('[data-sign-in], [data-skill]')).toBeNull();
    fireEvent.click(button(root, 'Check again'));
    expect(actions.recheck).toHaveBeenCalledTimes(1);
  });

  it('unreachable: says what went wrong from the findings', async () => {
    const { root } = renderPanel(reportView(reports.unreachable()));
    await buildFolded(root);
    expect(root.querySelector('[data-state]')?.getAttribute('data-state')).toBe('unreachable');
    // Said once, with its cause: no finding per document beside it.
    expect(texts(root, '.finding > p:first-child')).toEqual(['✗ Nothing answered at northlight.poppy.test: the connection was refused.']);
    expect(root.textContent).toContain('no response');
  });

  it('a site with only the stand-alone index says there is no poppy.json and lists its skills', () => {
    const { root } = renderPanel(reportView(reports.wellKnownOnly()));
    expect(root.querySelector('[data-poppy-absence]')?.textContent).toBe(
      'northlight.poppy.test has no poppy.json. The skills below come from its skill index at /.well-known/agent-skills/index.json.',
    );
    expect(root.querySelector('[data-skill="find-flowers"]')?.textContent).toContain('listed in agent-skills/index.json');
  });

  it.each<[string, number | null, boolean]>([
    ['invalid JSON (200, not published)', 200, false],
    ['JSON that is not a poppy.json object (200, published)', 200, true],
    ['a server error', 500, false],
    ['no answer', null, false],
  ])('a poppy.json that came back as %s is "could not be read", not "no poppy.json"', (_label, httpStatus, published) => {
    const report = reports.wellKnownOnly();
    report.documents[0] = { ...report.documents[0]!, httpStatus, published, absent: false };
    const { root } = renderPanel(reportView(report));
    const header = root.querySelector('[data-poppy-absence]')!;
    expect(header.getAttribute('data-poppy-absence')).toBe('unreadable');
    expect(header.textContent).toBe(
      'The poppy.json at northlight.poppy.test could not be read; the findings below say why. The skills below come from its skill index at /.well-known/agent-skills/index.json.',
    );
  });

  it('a poppy.json address that answers with an HTML page (a soft 404) has no poppy.json', () => {
    const report = reports.wellKnownOnly();
    report.documents[0] = { ...report.documents[0]!, httpStatus: 200, contentType: 'text/html', published: false, absent: true };
    const { root } = renderPanel(reportView(report));
    expect(root.querySelector('[data-poppy-absence]')?.getAttribute('data-poppy-absence')).toBe('none');
  });

  it('skills from the old index only: names that index and says it has no digests', () => {
    const report = reports.wellKnownOnly();
    report.skills = [
      reports.skill('find-flowers', reports.DIGESTS.find, {
        source: 'legacy',
        status: 'skipped',
        expectedDigest: null,
        actualDigest: null,
        reason: ENTRY_REASONS.oldFormat({}),
      }),
    ];
    const { root } = renderPanel(reportView(report));
    expect(root.querySelector('[data-poppy-absence]')?.textContent).toBe(
      'northlight.poppy.test has no poppy.json. The skills below come from its old skill index at /.well-known/skills/index.json, which has no digests.',
    );
  });
});

describe('Panel report: what the site tells agents', () => {
  it('names the organization, domain match and protocol version', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    expect(root.querySelector('h1')?.textContent).toBe('Northlight Flowers');
    const facts = root.querySelector('.facts')!;
    expect(facts.textContent).toContain('northlight.poppy.test ✓ matches this site');
    expect(facts.textContent).toContain('Protocol version0.3');
    expect(root.querySelector('[data-domain-matches]')?.getAttribute('data-domain-matches')).toBe('true');
  });

  it('says honestly when the domain does not match', () => {
    const report = reports.northlightOk();
    report.poppy!.organization.domainMatches = false;
    const { root } = renderPanel(reportView(report));
    expect(root.querySelector('.facts')?.textContent).toContain('✗ does not match this site (northlight.poppy.test)');
  });

  it('on a local dev site, a domain other than the dev host is expected, not a red ✗', () => {
    const report = reports.northlightOk();
    report.local = true;
    report.poppy!.organization.domainMatches = false;
    const { root } = renderPanel(reportView(report));
    const facts = root.querySelector('.facts')!;
    expect(facts.textContent).toContain('ℹ differs from this dev host (northlight.poppy.test), as expected on a local site');
    expect(facts.querySelector('.tone-error')).toBeNull();
    expect(root.textContent).toContain('This is a local development site');
  });

  it('checked N minutes ago, from the now prop', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    const time = root.querySelector('time')!;
    expect(time.textContent).toBe('Checked 3 minutes ago');
    expect(time.getAttribute('datetime')).toBe(reports.CHECKED_AT);
  });

  it('lists each sign-in type in plain words with scopes and their descriptions', async () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    await buildFolded(root);
    expect([...root.querySelectorAll('[data-sign-in]')].map((el) => el.getAttribute('data-sign-in'))).toEqual(['direct', 'device']);
    const direct = root.querySelector('[data-sign-in="direct"]')!;
    expect(direct.querySelector('.lead')?.textContent).toBe("Direct sign-in: you approve on the company's own page");
    expect(texts(direct as HTMLElement, '.scopes li')).toEqual([
      'poppy:read Read your account data at this company. (defined by the protocol)',
      'orders:read See your orders',
      'orders:write Change your orders',
    ]);
    expect(root.querySelector('[data-sign-in="device"] .lead')?.textContent).toBe('Device sign-in: you approve on another device');
    expect(root.textContent).toContain(`Agents can also get a browser session here: ${ORIGIN}/poppy/browser-session`);
  });

  it('mediated sign-in says the agent passes on the password, which fields, and where to', async () => {
    const { root } = renderPanel(reportView(reports.mediatedSignIn()));
    await buildFolded(root);
    const mediated = root.querySelector('[data-sign-in="mediated"]')!;
    expect(mediated.querySelector('.lead')?.textContent).toBe('Mediated sign-in: the agent passes on your username and password');
    expect(mediated.textContent).toContain('so the agent sees them');
    expect(mediated.textContent).toContain('It asks for: Email, Password (secret)');
    expect(mediated.querySelector('a')?.getAttribute('href')).toBe('https://auth.northlight.poppy.test/poppy/mediated');
  });

  it('signed-out use only', async () => {
    const { root } = renderPanel(reportView(reports.signedOutOnly()));
    await buildFolded(root);
    expect(texts(root, '[data-sign-in]')).toEqual(['Signed-out use only: agents can use this site without signing you in']);
    expect(root.querySelector('[data-sign-in]')?.getAttribute('data-sign-in')).toBe('signed-out');
  });

  it('lists the APIs and the company agent; links open only through openLink', async () => {
    const { root, actions } = renderPanel(reportView(reports.northlightOk()));
    await buildFolded(root);
    expect([...root.querySelectorAll('[data-api]')].map((el) => el.getAttribute('data-api'))).toEqual(['openapi', 'mcp']);
    const openapi = root.querySelector('[data-api="openapi"]')!;
    expect(openapi.textContent).toContain('OpenAPI description');
    expect(openapi.textContent).toContain('Orders, bouquets and delivery dates');
    expect(root.querySelector('[data-api="mcp"]')?.textContent).toContain('MCP server');
    expect(root.querySelector('[data-agent-protocol="poppy"]')?.textContent).toContain(`${ORIGIN}/poppy/agent`);
    const link = openapi.querySelector('a')!;
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(actions.openLink).toHaveBeenCalledWith(`${ORIGIN}/poppy/openapi.json`);
  });

  it('lists the excluded tasks', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    expect(texts(root, '[data-excluded-task]')).toEqual([
      '⊘ Cancel an order on the day of delivery',
      '⊘ Change the delivery address of a gift',
    ]);
  });

  it('shows excluded tasks of an unrecognised shape as raw JSON text', () => {
    const { root } = renderPanel(reportView(reports.unrecognisedExcludedTasks()));
    expect(root.querySelector('[data-excluded-task]')).toBeNull();
    expect(root.textContent).toContain("shape Poppy Inspector doesn't recognise");
    expect(JSON.parse(root.querySelector('#excluded-heading + p + pre')!.textContent!)).toEqual({ refunds: true, limit: 3 });
  });

  it('uses a logical heading order: h1, then h2 sections, nothing skipped', () => {
    const { root } = renderPanel(reportView(reports.withFindings()));
    const levels = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => expect(level).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1));
    // Summary first: the skills, the excluded tasks, then (folded) the rest, owners last.
    expect(texts(root, 'h2')).toEqual(['Skills (1)', 'What agents are asked not to do here', 'For site owners']);
    expect(texts(root, '.fold-title')).toEqual(['How an agent signs in here', 'Services agents can call', "The company's own agent"]);
  });

  it('every control is a native, focusable element', () => {
    const { root } = renderPanel(reportView(reports.northlightStale(), { rawPoppy: '{}' }));
    const controls = [...root.querySelectorAll<HTMLElement>('button, a[href], summary')];
    expect(controls.length).toBeGreaterThan(8);
    for (const control of controls) {
      control.focus();
      expect(document.activeElement).toBe(control);
    }
    expect([...root.querySelectorAll('button')].every((b) => b.getAttribute('type') === 'button')).toBe(true);
  });
});

describe('Panel report: findings', () => {
  it('groups findings by severity with hints and where they are', async () => {
    const { root } = renderPanel(reportView(reports.withFindings()));
    expect([...root.querySelectorAll('[data-severity]')].map((el) => el.getAttribute('data-severity'))).toEqual([
      'error',
      'warning',
      'info',
    ]);
    expect(root.querySelector('[data-severity="error"] h4')?.textContent).toBe('Errors (1)');
    expect(root.querySelector('[data-severity="warning"] h4')?.textContent).toBe('Warnings (1)');
    const info = root.querySelector('[data-severity="info"]')!;
    expect(info.tagName).toBe('DETAILS');
    expect(info.querySelector('summary')?.textContent).toBe('Info (1)');
    // Folded info is built when it first opens.
    expect(info.querySelector('[data-code]')).toBeNull();
    await act(() => void fireEvent.click(info.querySelector('summary')!));
    expect(info.querySelectorAll('[data-code]')).toHaveLength(1);
    const error = root.querySelector('[data-code="domain-mismatch"]')!;
    expect(error.textContent).toContain(
      '✗ organization.domain is "flowers.example" but poppy.json was requested from northlight.poppy.test.',
    );
    expect(error.querySelector('.hint')?.textContent).toBe(
      'Fix: Set organization.domain to the host this poppy.json is served from (a leading www. may differ).',
    );
    expect(error.querySelector('.small')?.textContent).toBe(`domain-mismatch · ${ORIGIN}/.well-known/poppy.json · $.organization.domain`);
  });

  it('says there is nothing to fix when there are no findings', () => {
    const report = reports.northlightOk();
    report.findings = [];
    const { root } = renderPanel(reportView(report));
    expect(root.querySelector('#findings-heading + p')?.textContent).toBe('Nothing to fix.');
    expect(root.querySelector('[data-code]')).toBeNull();
  });

  it('reaches the findings in one keystroke: F, or the skip link', () => {
    const { root } = renderPanel(reportView(reports.withFindings()));
    fireEvent.keyDown(document.body, { key: 'f' });
    expect(document.activeElement?.id).toBe('findings-heading');
    (document.activeElement as HTMLElement).blur();
    fireEvent.click(root.querySelector('a.skip-link[href="#skills-heading"]')!);
    expect(document.activeElement?.id).toBe('skills-heading');
    // Typing an F into a text field is just typing.
    const field = document.createElement('input');
    root.append(field);
    field.focus();
    fireEvent.keyDown(field, { key: 'f' });
    expect(document.activeElement).toBe(field);
  });
});

describe('Panel report: tools', () => {
  it('re-check calls the prop', () => {
    const { root, actions } = renderPanel(reportView(reports.northlightOk()));
    fireEvent.click(button(root, 'Check again'));
    expect(actions.recheck).toHaveBeenCalledTimes(1);
  });

  it('copies the report as JSON and says so', async () => {
    const report = reports.northlightOk();
    const { root, actions, findByText } = renderPanel(reportView(report));
    fireEvent.click(button(root, 'Copy report as JSON'));
    // The exports' code loads on the first copy.
    await waitFor(() => expect(actions.copy).toHaveBeenCalledTimes(1));
    const copied = JSON.parse(actions.copy.mock.calls[0]![0]) as unknown;
    expect(copied).toEqual(reportToJson(report, ENGLISH));
    assertReport(copied, 'Copy report as JSON');
    expect((await findByText('✓ Copied')).getAttribute('role')).toBe('status');
  });

  it('copies the report as Markdown', async () => {
    const { root, actions } = renderPanel(reportView(reports.northlightOk()));
    fireEvent.click(button(root, 'Copy report as Markdown'));
    await waitFor(() => expect(actions.copy).toHaveBeenCalledTimes(1));
    const markdown = actions.copy.mock.calls[0]![0];
    expect(markdown.startsWith('# Poppy Inspector report: Northlight Flowers\n')).toBe(true);
    expect(markdown).toContain('## Skills (3)');
  });

  it('says when copying failed', async () => {
    const { root, findByText } = renderPanel(reportView(reports.northlightOk()), { copy: () => Promise.reject(new Error('denied')) });
    fireEvent.click(button(root, 'Copy report as JSON'));
    expect((await findByText('✗ Could not copy')).getAttribute('role')).toBe('status');
  });

  it('shows the raw poppy.json as text, never as HTML', async () => {
    const raw = '{"organization":{"name":"<script>alert(1)</script><img src=x onerror=alert(2)>"}}';
    const { root } = renderPanel(reportView(reports.northlightOk(), { rawPoppy: raw }));
    await buildFolded(root);
    const pre = root.querySelector('[data-raw-poppy]')!;
    expect(pre.tagName).toBe('PRE');
    expect(pre.textContent).toBe(raw);
    expect(root.querySelector('script, img')).toBeNull();
  });

  it('lists the documents fetched', async () => {
    const { root } = renderPanel(reportView(reports.nothingPublished()));
    await buildFolded(root);
    expect(texts(root, '[data-document] .lead')).toEqual(['poppy.json', 'Skill index', 'Old skill index']);
    expect(root.querySelector('[data-document="poppy"]')?.textContent).toContain('HTTP 404 · not published');
  });
});
