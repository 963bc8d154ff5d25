import { act, fireEvent, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ENGINE_CODES } from '../../utils/engine/check';
import type { Report } from '../../utils/engine/report/report';
import { TRUST_CODES } from '../../utils/engine/trust/codes';
import { panelElement, renderPanel, reportView } from './harness';
import * as reports from './reports';
import { DIGESTS } from './reports';

const ISSUER = 'https://auth.northlight.poppy.test';
const METADATA = `${ISSUER}/.well-known/oauth-authorization-server`;
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Every skill verified, and the sign-in chain broken: the issuer's metadata names itself with a slash. */
function brokenSignIn(): Report {
  const report = reports.northlightOk();
  report.verdict = 'errors';
  report.trust = {
    issuer: ISSUER,
    domain: 'northlight.poppy.test',
    status: 'broken',
    links: [
      {
        kind: 'issuer-metadata',
        subject: ISSUER,
        api: null,
        url: METADATA,
        status: 'failed',
        checks: [{ field: 'issuer', rule: 'equals', expected: ISSUER, actual: `${ISSUER}/`, ok: false }],
      },
    ],
  };
  report.findings.push(
    reports.finding(
      TRUST_CODES['issuer-mismatch'].says.differs({ field: 'issuer', actual: `${ISSUER}/`, expected: ISSUER, position: 31 }),
      {
        document: METADATA,
        path: '$.issuer',
      },
    ),
  );
  return report;
}

describe('the fix beside the problem', () => {
  it('a changed skill: its row says the fix, and its link focuses the same finding under "For site owners"', () => {
    const { root } = renderPanel(reportView(reports.northlightStale()));
    const row = root.querySelector('[data-skill="change-flower-delivery"]')!;
    expect(text(row.querySelector('[data-fix-for="digest-mismatch"] .hint'))).toMatch(
      /^Fix: If you changed the file on purpose, publish its new digest: poppy-inspector index/,
    );
    // The fix is prose with code spans, never a raw backtick.
    expect(row.querySelector('[data-fix-for] code')?.textContent).toBe('poppy-inspector index --write <site folder>');
    const link = row.querySelector<HTMLButtonElement>('[data-finding-link]')!;
    expect(link.textContent).toBe('Show this finding under "For site owners"');
    // The verified rows have nothing to fix.
    expect(root.querySelectorAll('[data-fix-for]')).toHaveLength(1);
    fireEvent.click(link);
    const target = document.activeElement!;
    expect(target.id).toBe(link.dataset.findingLink);
    expect(target.closest('.owners')).not.toBeNull();
    expect(target.getAttribute('data-code')).toBe('digest-mismatch');
  });

  it("a finding's id is the same on every render of the same report, and differs between findings", () => {
    const { root, rerender } = renderPanel(reportView(reports.northlightStale()));
    const before = root.querySelector<HTMLElement>('[data-finding-link]')!.dataset.findingLink;
    rerender(panelElement(reportView(reports.northlightStale())));
    expect(root.querySelector<HTMLElement>('[data-finding-link]')!.dataset.findingLink).toBe(before);
    const ids = [...root.querySelectorAll('.finding')].map((li) => li.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a skill on another host: the coverage note says how to go on, beside the note', async () => {
    const report = reports.otherHostPending();
    report.findings.push(reports.finding(ENGINE_CODES['skill-not-checked'].says({ count: 1, hosts: 'skills-cdn.poppy.test' })));
    // Our other limits are no coverage: they stay under "For site owners".
    report.findings.push(reports.finding(TRUST_CODES['trust-rules-assumed'].says.unreadable({ latest: '1.0' })));
    const { root } = renderPanel(reportView(report));
    const note = root.querySelector('[data-coverage]')!;
    expect(text(note.querySelector('[data-fix-for="skill-not-checked"] .hint'))).toBe(
      'Fix: Open the panel (or allow checks of other sites in the options) to verify skills hosted elsewhere.',
    );
    expect(note.querySelectorAll('[data-fix-for]')).toHaveLength(1);
    // An info finding sits in a closed disclosure, built when it first opens: following the link
    // opens it, and the focus lands on the finding once it is built.
    const info = root.querySelector<HTMLDetailsElement>('[data-severity="info"]')!;
    expect(info.querySelector('[data-code]')).toBeNull();
    await act(() => void fireEvent.click(note.querySelector('[data-finding-link]')!));
    await waitFor(() => expect(document.activeElement?.getAttribute('data-code')).toBe('skill-not-checked'));
    expect(document.activeElement?.closest('details')).toBe(info);
    expect(info.open).toBe(true);
  });
});

describe('problems first, and the verdict at a glance', () => {
  it('a broken sign-in stands above the verified skills, open, with its fix and a link to the finding', () => {
    const { root } = renderPanel(reportView(brokenSignIn()));
    const fold = root.querySelector<HTMLDetailsElement>('[data-fold-name="sign-in"]')!;
    const skills = root.querySelector('#skills-heading')!;
    expect(fold.compareDocumentPosition(skills) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fold.open).toBe(true);
    const fix = fold.querySelector('[data-fix-for="issuer-mismatch"]')!;
    expect(text(fix.querySelector('.hint'))).toMatch(/^Fix: /);
    fireEvent.click(fix.querySelector('[data-finding-link]')!);
    expect(document.activeElement?.getAttribute('data-code')).toBe('issuer-mismatch');
    expect(text(root.querySelector('.verdict'))).toBe('Sign-in does not check out');
  });

  it('a sign-in that checks out stays folded below the skills', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    const fold = root.querySelector<HTMLDetailsElement>('[data-fold-name="sign-in"]')!;
    const skills = root.querySelector('#skills-heading')!;
    expect(fold.compareDocumentPosition(skills) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(fold.open).toBe(false);
  });

  it('a skill that must not be used has its own headline, with one large symbol', () => {
    const { root } = renderPanel(reportView(reports.northlightStale()));
    expect(text(root.querySelector('.verdict'))).toBe('A skill here must not be used');
    expect(text(root.querySelector('.verdict-symbol'))).toBe('✗');
    const two = reports.northlightStale();
    two.skills[0] = { ...two.skills[0]!, status: 'mismatch', actualDigest: DIGESTS.change, mismatch: [] };
    const { root: second } = renderPanel(reportView(two));
    expect(text(second.querySelectorAll('.verdict')[0])).toBe('2 skills here must not be used');
  });
});

describe('what agents can do here, in words a person uses', () => {
  it("a verified skill shows its file's own title above its machine name; a changed one only its name", () => {
    const report = reports.northlightStale();
    report.skills[0]!.title = 'Check a flower order';
    report.skills[1]!.title = 'Never shown: the file changed';
    const { root } = renderPanel(reportView(report));
    const verified = root.querySelector('[data-skill="check-flower-order"] h3')!;
    expect(verified.firstChild?.textContent).toBe('Check a flower order');
    expect(text(verified.querySelector('.machine-name'))).toBe('check-flower-order');
    expect(text(root.querySelector('[data-skill="change-flower-delivery"] h3'))).toBe('change-flower-delivery');
  });

  it('one line sums up the offer, and the first screen never says "digest" or "fingerprint"', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    expect(text(root.querySelector('[data-offer]'))).toBe(
      "Sign-in: on the company's own page and on another device · 2 services for agents · 2 tasks agents are asked to leave alone",
    );
    const firstScreen = [...root.querySelectorAll('header.site, .skills-section')].map((el) => el.textContent).join(' ');
    expect(firstScreen).not.toMatch(/digest|fingerprint/i);
    // A changed skill says so in plain words; its digests wait in the row's details.
    const { root: stale } = renderPanel(reportView(reports.northlightStale()));
    const said = [...stale.querySelectorAll('header.site, .skill .status, .skill .consequence')].map((el) => el.textContent).join(' ');
    expect(said).toContain('Changed since it was published');
    expect(said).not.toMatch(/digest|fingerprint/i);
  });
});
