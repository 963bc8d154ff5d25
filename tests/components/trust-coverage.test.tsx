import { fireEvent } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ENGINE_CODES } from '../../utils/engine/check';
import type { Report } from '../../utils/engine/report/report';
import type { TrustReport } from '../../utils/engine/trust/types';
import { checkingView, panelElement, renderPanel, reportView } from './harness';
import * as reports from './reports';
import { DIGESTS } from './reports';

const ISSUER = 'https://auth.northlight.poppy.test';
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const buttons = (root: HTMLElement, name: string) => [...root.querySelectorAll('button')].filter((b) => b.textContent === name);

/** Northlight with a sign-in chain: verified, broken (the issuer names itself with a slash), or waiting on its host. */
function withTrust(status: TrustReport['status']): Report {
  const report = reports.northlightOk();
  const linkStatus = status === 'broken' ? 'failed' : status;
  report.trust = {
    issuer: ISSUER,
    domain: 'northlight.poppy.test',
    status,
    links: [
      {
        kind: 'issuer-metadata',
        subject: ISSUER,
        api: null,
        url: `${ISSUER}/.well-known/oauth-authorization-server`,
        status: linkStatus,
        checks:
          status === 'not-checked'
            ? []
            : [
                {
                  field: 'issuer',
                  rule: 'equals',
                  expected: ISSUER,
                  actual: status === 'broken' ? `${ISSUER}/` : ISSUER,
                  ok: status !== 'broken',
                },
              ],
      },
    ],
  };
  if (status === 'broken') {
    report.verdict = 'errors';
    report.findings.push(reports.finding(ENGINE_CODES['missing-cors'].says({}), { severity: 'error' }));
  }
  return report;
}

describe('the sign-in trust chain in the panel', () => {
  it('a broken chain, every skill verified: the line under the name gives the chain as the reason', () => {
    const { root } = renderPanel(reportView(withTrust('broken')));
    // Not "a skill must not be used": the sign-in is what fails (D10).
    expect(text(root.querySelector('.verdict'))).toBe('Sign-in does not check out');
    expect(text(root.querySelector('.verdict-symbol'))).toBe('✗');
    expect(text(root.querySelector('[data-summary]'))).toBe(
      'Sign-in does not check out: agents refuse to sign in with auth.northlight.poppy.test here. The fix is under "For site owners".',
    );
  });

  it('the sign-in fold says whether the chain holds, and opens to the chain with the compared values', () => {
    const { root } = renderPanel(reportView(withTrust('broken')));
    const fold = root.querySelector('[data-trust-status]')!.closest('details')!;
    expect(text(fold.querySelector('summary'))).toMatch(/^How an agent signs in here .*✗ Sign-in does not check out$/);
    expect(fold.querySelector('[data-trust-status]')?.getAttribute('data-trust-status')).toBe('broken');
    // Inside the fold: the chain's own section, each link with its status, the failed comparison.
    const chain = fold.querySelector('[data-trust]')!;
    expect(chain.getAttribute('data-trust')).toBe('broken');
    const link = chain.querySelector('[data-trust-link="issuer-metadata"]')!;
    expect(link.getAttribute('data-status')).toBe('failed');
    expect(text(link)).toContain(`${ISSUER}/`);
  });

  it('a chain that holds: ✓ in the fold, and the line under the name stays about the skills', () => {
    const { root } = renderPanel(reportView(withTrust('verified')));
    expect(text(root.querySelector('[data-trust-status]'))).toBe('✓ Sign-in checks out');
    expect(text(root.querySelector('[data-summary]'))).toBe('3 skills, all verified.');
  });

  it('no issuer named: no chain and no status in the fold', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    expect(root.querySelector('[data-trust-status]')).toBeNull();
    expect(root.querySelector('[data-trust]')).toBeNull();
  });

  it('a chain on another host not asked yet: said on the first screen, with the button that asks it', () => {
    const { root, actions } = renderPanel(reportView(withTrust('not-checked')));
    expect(text(root.querySelector('[data-trust-status]'))).toBe('— Sign-in not checked yet');
    expect(text(root.querySelector('[data-coverage]'))).toContain('The sign-in documents on other sites could not be checked yet.');
    fireEvent.click(buttons(root, 'Check skills on other sites')[0]!);
    expect(actions.checkOtherHosts).toHaveBeenCalledTimes(1);
  });
});

describe('what could not be checked yet, on the first screen', () => {
  /** An index of 419 skills: 200 checked and verified, three more listed past the cap, 216 left out. */
  function pastCap(): Report {
    const report = reports.northlightOk();
    report.skills = [
      ...Array.from({ length: 200 }, (_, i) => reports.skill(`skill-${String(i).padStart(3, '0')}`, DIGESTS.find)),
      ...['x', 'y', 'z'].map((n) =>
        reports.skill(`over-${n}`, DIGESTS.find, { status: 'not-checked', notChecked: 'over-cap', actualDigest: null, frontmatter: null }),
      ),
    ];
    report.cap = { limit: 200, listed: 419, unlisted: 216 };
    return report;
  }

  it('past our cap: how many of how many, whose limit it is, and one button to check the rest', () => {
    const { root, actions } = renderPanel(reportView(pastCap()));
    expect(text(root.querySelector('[data-summary]'))).toBe(
      '219 of 419 skills could not be checked yet: Poppy Inspector checks the first 200 skills of a site.',
    );
    const note = root.querySelector('[data-coverage]')!;
    expect(text(note)).toContain('219 of 419 skills could not be checked yet.');
    expect(text(note)).toContain('This is our limit, not a problem with the site: Poppy Inspector checks at most 200 skills of one site.');
    expect(buttons(root, 'Check skills on other sites')).toHaveLength(0);
    const [remaining] = buttons(root, 'Check the remaining 219 skills');
    expect(note.contains(remaining!)).toBe(true);
    fireEvent.click(remaining!);
    expect(actions.checkRemaining).toHaveBeenCalledTimes(1);
    // The note comes before the list: the first screen.
    const list = root.querySelector('ul.skills, details.verified-group')!;
    expect(note.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  /** The same shape, small (rendering hundreds of rows is slow): `limit` checked (at most three
   *  of them shown), two listed past it, the rest left out. */
  function smallCap(limit: number, listed: number): Report {
    const report = reports.northlightOk();
    report.skills = [
      ...Array.from({ length: Math.min(limit, 3) }, (_, i) => reports.skill(`skill-${i}`, DIGESTS.find)),
      ...['x', 'y'].map((n) =>
        reports.skill(`over-${n}`, DIGESTS.find, { status: 'not-checked', notChecked: 'over-cap', actualDigest: null, frontmatter: null }),
      ),
    ].slice(0, Math.min(listed - limit, 2) + Math.min(limit, 3));
    report.cap = { limit, listed, unlisted: Math.max(0, listed - limit - 2) };
    return report;
  }

  it('one skill past the cap: the singular', () => {
    const { root } = renderPanel(reportView(smallCap(3, 4)));
    expect(buttons(root, 'Check the remaining 1 skill')).toHaveLength(1);
  });

  it('while the bigger check runs: the button keeps its place and the focus, does nothing, and the old headline stays', () => {
    const { root, actions } = renderPanel(
      checkingView('https://northlight.poppy.test', smallCap(3, 40), { progress: { done: 12, total: 40 } }),
    );
    const [remaining] = buttons(root, 'Check the remaining 37 skills');
    expect(remaining!.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(remaining!);
    expect(actions.checkRemaining).not.toHaveBeenCalled();
    expect(text(root.querySelector('[data-summary]'))).toBe(
      '37 of 40 skills could not be checked yet: Poppy Inspector checks the first 3 skills of a site.',
    );
    expect(text(root.querySelector('[data-checking]'))).toBe('⟳ Checking… 12 of 40 skills checked');
  });

  it('its result takes the button away: the focus moves to the skills heading, not to the page', async () => {
    const { root, rerender } = renderPanel(reportView(smallCap(3, 5)));
    const [remaining] = buttons(root, 'Check the remaining 2 skills');
    remaining!.focus();
    const all = reports.northlightOk();
    all.skills = Array.from({ length: 5 }, (_, i) => reports.skill(`skill-${i}`, DIGESTS.find));
    rerender(panelElement(reportView(all)));
    await Promise.resolve();
    expect(buttons(root, 'Check the remaining 2 skills')).toHaveLength(0);
    expect(document.activeElement?.id).toBe('skills-heading');
    expect(text(root.querySelector('[data-summary]'))).toBe('5 skills, all verified.');
  });

  it('more than even the raised cap: "Check N more", and none once the raised cap is reached', () => {
    const first = renderPanel(reportView(smallCap(200, 1419)));
    expect(buttons(first.root, 'Check 800 more skills')).toHaveLength(1);
    first.unmount();
    const raised = renderPanel(reportView(smallCap(1000, 1419)));
    expect(text(raised.root.querySelector('[data-coverage]'))).toContain('Poppy Inspector checks at most 1000 skills of one site.');
    expect(raised.root.querySelectorAll('[data-check-remaining]')).toHaveLength(0);
  });

  it('where the host offers no bigger check (the full-page report), no button', () => {
    const { root } = renderPanel(reportView(smallCap(3, 40)), { checkRemaining: undefined });
    expect(text(root.querySelector('[data-coverage]'))).toContain('37 of 40 skills could not be checked yet.');
    expect(root.querySelectorAll('[data-check-remaining]')).toHaveLength(0);
  });

  it('skills on another host: the count and one button to check them', () => {
    const { root } = renderPanel(reportView(reports.otherHostPending()));
    expect(text(root.querySelector('[data-coverage] p'))).toBe('? 1 of 2 skills could not be checked yet.');
    expect(buttons(root, 'Check skills on other sites')).toHaveLength(1);
  });

  it('poppy.json redirecting to another host not asked yet: not "could not check", said, with the button', () => {
    const report = reports.nothingPublished();
    report.documents = report.documents.filter((d) => d.kind !== 'legacy-index');
    Object.assign(report.documents[0]!, { httpStatus: 302, absent: false, redirectsTo: 'https://cdn.example/poppy.json' });
    const { root, actions } = renderPanel(reportView(report));
    expect(text(root.querySelector('[data-summary]'))).toBe('Its documents redirect to another site: open the panel to check them.');
    expect(text(root.querySelector('[data-coverage]'))).toContain(
      'A document of this site redirects to another site and was not read yet.',
    );
    fireEvent.click(buttons(root, 'Check skills on other sites')[0]!);
    expect(actions.checkOtherHosts).toHaveBeenCalledTimes(1);
  });

  it('everything looked at: no note', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    expect(root.querySelector('[data-coverage]')).toBeNull();
  });
});
