import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyBadge, setBadgeDefaults } from '../../utils/extension/platform/badge-applier';
import { badgeLook, iconPaths, type BadgeState } from '../../utils/extension/badge';
import { ENGINE_CODES } from '../../utils/engine/check';
import { finding, type Finding } from '../../utils/engine/report/findings';
import type { PoppyModel, Report } from '../../utils/engine/report/report';
import type { TrustReport } from '../../utils/engine/trust/types';
import { REPORT_STATES } from '../../utils/engine/report/state';
import { STATE_LOOK, stateOf } from '../../utils/extension/state-look';
import { report, skill, translate } from './helpers';

const org = (name: string) => ({ organization: { name, domain: null, domainMatches: null } }) as PoppyModel;
const issue = (severity: Finding['severity'], skill?: string): Finding => ({
  ...finding(ENGINE_CODES['missing-cors'].says({}), skill === undefined ? {} : { skill }),
  severity,
});
const three = ['a', 'b', 'c'].map((n) => skill(n, 'verified'));
const site = 'https://flowers.example';
/** The badge colours as shipped, written out: a changed colour must change this test too. */
const [GREY, GREEN, AMBER, RED] = ['#57606a', '#1a7f37', '#9a6700', '#cf222e'];
const result = (r: Report): BadgeState => ({ kind: 'result', report: r });
/** The issuer's metadata names another issuer: the chain fails (D10). */
const brokenTrust: TrustReport = {
  issuer: 'https://auth.flowers.example',
  domain: 'flowers.example',
  status: 'broken',
  links: [
    {
      kind: 'issuer-metadata',
      subject: 'https://auth.flowers.example',
      api: null,
      url: 'https://auth.flowers.example/.well-known/oauth-authorization-server',
      status: 'failed',
      checks: [
        { field: 'issuer', rule: 'equals', expected: 'https://auth.flowers.example', actual: 'https://auth.flowers.example/', ok: false },
      ],
    },
  ],
};
/** 200 verified and three listed past the cap (the report keeps a few of them, D5). */
const pastCap = [
  ...Array.from({ length: 200 }, (_, i) => skill(`s${i}`, 'verified')),
  ...['x', 'y', 'z'].map((n) => ({ ...skill(n, 'not-checked'), notChecked: 'over-cap' as const })),
];

/** A server error on both documents: nothing usable, and not because nothing is there. */
function serverError(): Report {
  const r = report(site, 'errors', [], { findings: [issue('error'), issue('error')] });
  r.documents = r.documents.map((d) => ({ ...d, httpStatus: 500, published: false, absent: false }));
  return r;
}

describe('badgeLook: one row per state, in the words of the panel', () => {
  it.each<[string, BadgeState, { text: string; color: string; title: string; lit: boolean }]>([
    ['idle', { kind: 'idle' }, { text: '', color: GREY, title: 'Poppy Inspector', lit: false }],
    ['checking', { kind: 'checking' }, { text: '…', color: GREY, title: 'Checking what this site publishes for AI agents…', lit: false }],
    [
      'nothing published',
      result(report(site, 'none')),
      { text: '', color: GREY, title: 'flowers.example: This site publishes nothing for AI agents.', lit: false },
    ],
    [
      'could not check (HTTP 500): a badge, and not "publishes nothing"',
      result(serverError()),
      {
        text: '!',
        color: GREY,
        title: 'flowers.example: Its files for AI agents could not be fetched or read; what went wrong is below.',
        lit: false,
      },
    ],
    [
      'all verified, three skills',
      result(report(site, 'ok', three, { poppy: org('Northlight Flowers') })),
      { text: '3✓', color: GREEN, title: 'Northlight Flowers: 3 skills, all verified.', lit: true },
    ],
    [
      'all verified, one skill',
      result(report(site, 'ok', [skill('a', 'verified')])),
      { text: '1✓', color: GREEN, title: 'flowers.example: 1 skill, verified.', lit: true },
    ],
    [
      'checks out, no skills: just the glyph',
      result(report(site, 'ok')),
      { text: '✓', color: GREEN, title: 'flowers.example: It lists no skills; what it publishes checks out.', lit: true },
    ],
    [
      'some not checked yet: never ✓, and the number is what waits',
      result(report(site, 'ok', [skill('a', 'verified'), skill('b', 'not-checked'), skill('c', 'not-checked')])),
      {
        text: '2?',
        color: GREY,
        title: 'flowers.example: 2 of 3 skills could not be checked yet: open the panel to check them.',
        lit: true,
      },
    ],
    [
      'warnings about the site only: the glyph without a number (the number counts skills)',
      result(report(site, 'warnings', three, { findings: [issue('warning'), issue('warning'), issue('info')] })),
      { text: '!', color: AMBER, title: 'flowers.example: The skills check out; 2 warnings for the site owner.', lit: true },
    ],
    [
      'a warning on one skill',
      result(report(site, 'warnings', three, { findings: [issue('warning', 'b'), issue('warning', 'b')] })),
      { text: '1!', color: AMBER, title: 'flowers.example: 1 of 3 skills needs a look; the rest check out.', lit: true },
    ],
    [
      'every skill in the old format (skipped) and a warning about the site: no "the rest check out"',
      result(report(site, 'warnings', [skill('a', 'skipped'), skill('b', 'skipped')], { findings: [issue('warning')] })),
      { text: '2!', color: AMBER, title: 'flowers.example: All 2 skills need a look. And 1 warning for the site owner.', lit: true },
    ],
    [
      'one mismatch among eight: "1✗", not "8✗"',
      result(
        report(site, 'errors', [...Array.from({ length: 7 }, (_, i) => skill(`ok-${i}`, 'verified')), skill('stale', 'mismatch')], {
          findings: [issue('error', 'stale')],
        }),
      ),
      { text: '1✗', color: RED, title: "flowers.example: 1 of 8 skills changed since it was published: don't use stale.", lit: true },
    ],
    [
      'two mismatches',
      result(report(site, 'errors', [skill('a', 'mismatch'), skill('b', 'mismatch')])),
      { text: '2✗', color: RED, title: "flowers.example: 2 of 2 skills changed since they were published: don't use a and b.", lit: true },
    ],
    [
      'many unusable skills: named up to two, then "them"',
      result(report(site, 'errors', [skill('a', 'unreachable'), skill('b', 'invalid'), skill('c', 'blocked'), skill('d', 'verified')])),
      { text: '3✗', color: RED, title: "flowers.example: 3 of 4 skills could not be verified: don't use them.", lit: true },
    ],
    [
      'errors about the site, none about skills: the glyph alone',
      result(report(site, 'errors', three, { findings: [issue('error')] })),
      {
        text: '✗',
        color: RED,
        title: 'flowers.example: 1 problem in what the site publishes; the fix is under "For site owners".',
        lit: true,
      },
    ],
    [
      'every skill verified, the sign-in chain broken: the chain is the reason, and no number',
      result({ ...report(site, 'errors', three, { findings: [issue('error')] }), trust: brokenTrust }),
      {
        text: '✗',
        color: RED,
        title:
          'flowers.example: Sign-in does not check out: agents refuse to sign in with auth.flowers.example here. The fix is under "For site owners".',
        lit: true,
      },
    ],
    [
      'one changed skill of three and a broken sign-in: "1✗" whether or not the chain was read, and the line says both',
      result({
        ...report(site, 'errors', [skill('a', 'verified'), skill('b', 'mismatch'), skill('c', 'verified')], {
          findings: [issue('error', 'b'), issue('error'), issue('error')],
        }),
        trust: brokenTrust,
      }),
      {
        text: '1✗',
        color: RED,
        title: "flowers.example: 1 of 3 skills changed since it was published: don't use b. Sign-in does not check out either.",
        lit: true,
      },
    ],
    [
      "a changed skill and errors in the site's files: the number counts the skill, the line the rest",
      result(report(site, 'errors', [skill('a', 'mismatch'), skill('b', 'verified')], { findings: [issue('error', 'a'), issue('error')] })),
      {
        text: '1✗',
        color: RED,
        title: "flowers.example: 1 of 2 skills changed since it was published: don't use a. And 1 problem in the site's own files.",
        lit: true,
      },
    ],
    [
      "our limits never count as the site's problems",
      result(
        report(site, 'warnings', [skill('a', 'skipped'), skill('b', 'verified')], {
          findings: [{ ...issue('warning'), ourLimit: true }],
        }),
      ),
      { text: '1!', color: AMBER, title: 'flowers.example: 1 of 2 skills needs a look; the rest check out.', lit: true },
    ],
    [
      'past our cap: the skills left out count, and the line says whose limit it is',
      result({ ...report(site, 'ok', pastCap), cap: { limit: 200, listed: 419, unlisted: 216 } }),
      {
        text: '99+?',
        color: GREY,
        title: 'flowers.example: 219 of 419 skills could not be checked yet: Poppy Inspector checks the first 200 skills of a site.',
        lit: true,
      },
    ],
    [
      'over 99 skills',
      result(
        report(
          site,
          'ok',
          Array.from({ length: 150 }, (_, i) => skill(`s${i}`, 'verified')),
        ),
      ),
      { text: '99+✓', color: GREEN, title: 'flowers.example: 150 skills, all verified.', lit: true },
    ],
  ])('%s', (_name, state, look) => {
    expect(badgeLook(state, translate)).toEqual(look);
  });

  it('shows ✓ only when every skill is verified', () => {
    for (const status of ['mismatch', 'invalid', 'blocked', 'unreachable', 'skipped', 'not-checked'] as const) {
      const verdict = status === 'not-checked' ? 'ok' : status === 'skipped' ? 'warnings' : 'errors';
      expect(badgeLook(result(report(site, verdict, [skill('a', 'verified'), skill('b', status)])), translate).text).not.toContain('✓');
    }
  });

  it('has a look for every report state, and the panel reads the same table', () => {
    expect(Object.keys(STATE_LOOK).sort()).toEqual([...REPORT_STATES].sort());
    expect(stateOf(null, true)).toBe('checking');
    expect(stateOf(report(site, 'ok', three), true)).toBe('checking');
  });

  it('shows nothing for a soft-404 (HTML answered, nothing published) although the verdict warns', () => {
    const soft404 = report(site, 'warnings', [], { findings: [issue('warning')] });
    soft404.documents = soft404.documents.map((d) => ({
      ...d,
      httpStatus: 200,
      contentType: 'text/html',
      bytes: 10,
      published: false,
      absent: true,
    }));
    expect(badgeLook(result(soft404), translate)).toMatchObject({ text: '', lit: false });
  });

  it('says a site could not be checked, not that it publishes nothing, when it answers with a server error', () => {
    const failed = report(site, 'errors', [], { findings: [issue('error')] });
    failed.documents = failed.documents.map((d) => ({ ...d, httpStatus: 503, published: false, absent: false }));
    expect(badgeLook(result(failed), translate)).toMatchObject({
      text: '!',
      lit: false,
      title: expect.stringMatching(/could not be fetched/),
    });
  });

  it('lights the icon only for sites that publish something, at the toolbar sizes', () => {
    expect(iconPaths(true)).toEqual({ 16: '/icon/16.png', 32: '/icon/32.png' });
    expect(iconPaths(false)).toEqual({ 16: '/icon/idle-16.png', 32: '/icon/idle-32.png' });
  });
});

describe('applyBadge', () => {
  const setIcon = vi.fn(async () => undefined);
  beforeEach(() => {
    setIcon.mockClear();
    // fakeBrowser implements badge text, colour and title, but not setIcon.
    (fakeBrowser.action as { setIcon: unknown }).setIcon = setIcon;
  });

  it('paints one tab and leaves the others and the global badge alone', async () => {
    await applyBadge(
      4,
      result(report(site, 'warnings', three, { findings: [issue('warning'), issue('warning'), issue('warning')] })),
      translate,
    );
    expect(await fakeBrowser.action.getBadgeText({ tabId: 4 })).toBe('!');
    expect(await fakeBrowser.action.getTitle({ tabId: 4 })).toBe('flowers.example: The skills check out; 3 warnings for the site owner.');
    expect(await fakeBrowser.action.getBadgeBackgroundColor({ tabId: 4 })).toEqual([0x9a, 0x67, 0x00, 255]);
    // happy-dom cannot decode images: the paths stand in for the pixels (toolbar-icon.test.ts).
    expect(setIcon).toHaveBeenCalledWith({ tabId: 4, path: iconPaths(true) });
    expect(await fakeBrowser.action.getBadgeText({ tabId: 5 })).toBe('');
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });

  it("sets the badge's text colour once for every tab, which a paint then leaves as it is", async () => {
    const setTextColor = vi.spyOn(fakeBrowser.action, 'setBadgeTextColor');
    await setBadgeDefaults();
    await applyBadge(4, { kind: 'checking' }, translate);
    await applyBadge(4, result(report(site, 'ok', three)), translate);
    expect(setTextColor.mock.calls).toEqual([[{ color: '#ffffff' }]]);
  });

  it('greys the icon and clears the text when going idle', async () => {
    await applyBadge(4, result(report(site, 'ok', three)), translate);
    await applyBadge(4, { kind: 'idle' }, translate);
    expect(await fakeBrowser.action.getBadgeText({ tabId: 4 })).toBe('');
    expect(setIcon).toHaveBeenLastCalledWith({ tabId: 4, path: iconPaths(false) });
  });

  it('swallows the error of a tab that closed meanwhile', async () => {
    setIcon.mockRejectedValueOnce(new Error('No tab with id: 4'));
    await expect(applyBadge(4, { kind: 'checking' }, translate)).resolves.toBeUndefined();
  });
});
