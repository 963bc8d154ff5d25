import { fireEvent } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ENGINE_CODES } from '../../utils/engine/check';
import type { Report } from '../../utils/engine/report/report';
import type { TrustReport } from '../../utils/engine/trust/types';
import { renderPanel, reportView } from './harness';
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
    expect(text(root.querySelector('.verdict'))).toBe('✗ Problems found');
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

  it('past our cap: how many of how many, whose limit it is, and no button that would check nothing more', () => {
    const { root } = renderPanel(reportView(pastCap()));
    expect(text(root.querySelector('[data-summary]'))).toBe(
      '219 of 419 skills could not be checked yet: Poppy Inspector checks the first 200 skills of a site.',
    );
    const note = root.querySelector('[data-coverage]')!;
    expect(text(note)).toContain('219 of 419 skills could not be checked yet.');
    expect(text(note)).toContain('This is our limit, not a problem with the site: Poppy Inspector checks at most 200 skills of one site.');
    expect(buttons(root, 'Check skills on other sites')).toHaveLength(0);
    // The note comes before the list: the first screen.
    const list = root.querySelector('ul.skills, details.verified-group')!;
    expect(note.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('skills on another host: the count and one button to check them', () => {
    const { root } = renderPanel(reportView(reports.otherHostPending()));
    expect(text(root.querySelector('[data-coverage] p'))).toBe('? 1 of 2 skills could not be checked yet.');
    expect(buttons(root, 'Check skills on other sites')).toHaveLength(1);
  });

  it('everything looked at: no note', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    expect(root.querySelector('[data-coverage]')).toBeNull();
  });
});
