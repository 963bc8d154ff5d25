import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyBadge } from '../../utils/extension/platform/badge-applier';
import { badgeLook, iconPaths, type BadgeMessageKey, type BadgeState } from '../../utils/extension/badge';
import type { Translate } from '../../utils/extension/i18n';
import { ENGINE_CODES } from '../../utils/engine/check';
import { finding, type Finding } from '../../utils/engine/report/findings';
import type { PoppyModel } from '../../utils/engine/report/report';
import { report, skill, translate } from './helpers';

/** Shows which message and substitutions were chosen, independent of the wording. */
const echo: Translate = (key, ...subs) => [key, ...subs].join('|');
const org = (name: string) => ({ organization: { name, domain: null, domainMatches: null } }) as PoppyModel;
const issue = (severity: Finding['severity']): Finding => ({ ...finding(ENGINE_CODES['missing-cors'].says({})), severity });
const three = ['a', 'b', 'c'].map((n) => skill(n, 'verified'));
const site = 'https://flowers.example';
/** The badge colours as shipped, written out: a changed colour must change this test too. */
const [GREY, GREEN, AMBER, RED] = ['#6e7781', '#1a7f37', '#9a6700', '#cf222e'];

describe('badgeLook', () => {
  it.each<[string, BadgeState, { text: string; color: string; title: string; lit: boolean }]>([
    ['idle', { kind: 'idle' }, { text: '', color: GREY, title: 'actionTitleIdle', lit: false }],
    ['checking', { kind: 'checking' }, { text: '…', color: GREY, title: 'badgeTitleChecking', lit: false }],
    [
      'nothing published',
      { kind: 'result', report: report(site, 'none') },
      { text: '', color: GREY, title: 'badgeTitleNothing', lit: false },
    ],
    [
      'ok, three skills',
      { kind: 'result', report: report(site, 'ok', three, { poppy: org('Northlight Flowers') }) },
      { text: '3✓', color: GREEN, title: 'badgeTitleVerifiedMany|Northlight Flowers|3', lit: true },
    ],
    [
      'ok, one skill, no organisation name',
      { kind: 'result', report: report(site, 'ok', [skill('a', 'verified')]) },
      { text: '1✓', color: GREEN, title: 'badgeTitleVerifiedOne|flowers.example|1', lit: true },
    ],
    [
      'ok, no skills: just the glyph',
      { kind: 'result', report: report(site, 'ok') },
      { text: '✓', color: GREEN, title: 'badgeTitleNoSkills|flowers.example', lit: true },
    ],
    [
      'ok with skills on other hosts not checked',
      { kind: 'result', report: report(site, 'ok', [skill('a', 'verified'), skill('b', 'not-checked')]) },
      { text: '2✓', color: GREEN, title: 'badgeTitleVerifiedSome|flowers.example|1|2', lit: true },
    ],
    [
      'warnings',
      { kind: 'result', report: report(site, 'warnings', three, { findings: [issue('warning'), issue('warning'), issue('info')] }) },
      { text: '3!', color: AMBER, title: 'badgeTitleWarningsMany|flowers.example|2', lit: true },
    ],
    [
      'one mismatch',
      { kind: 'result', report: report(site, 'errors', [skill('a', 'verified'), skill('b', 'mismatch')], { findings: [issue('error')] }) },
      { text: '2✗', color: RED, title: 'badgeTitleMismatchOne|flowers.example|1', lit: true },
    ],
    [
      'two mismatches',
      { kind: 'result', report: report(site, 'errors', [skill('a', 'mismatch'), skill('b', 'mismatch')]) },
      { text: '2✗', color: RED, title: 'badgeTitleMismatchMany|flowers.example|2', lit: true },
    ],
    [
      'errors without skills',
      { kind: 'result', report: report(site, 'errors', [], { findings: [issue('error')] }) },
      { text: '✗', color: RED, title: 'badgeTitleErrorsOne|flowers.example|1', lit: true },
    ],
    [
      'over 99 skills',
      {
        kind: 'result',
        report: report(
          site,
          'ok',
          Array.from({ length: 150 }, (_, i) => skill(`s${i}`, 'verified')),
        ),
      },
      { text: '99+✓', color: GREEN, title: 'badgeTitleVerifiedMany|flowers.example|150', lit: true },
    ],
  ])('%s', (_name, state, look) => {
    expect(badgeLook(state, echo)).toEqual(look);
  });

  it('shows nothing for a soft-404 (HTML answered, nothing published) although the verdict warns', () => {
    const soft404 = report(site, 'warnings', [], { findings: [issue('warning')] });
    soft404.documents = soft404.documents.map((d) => ({
      kind: d.kind,
      requestedUrl: d.requestedUrl,
      url: d.url,
      httpStatus: 200,
      contentType: 'text/html',
      bytes: 10,
      redirected: false,
      published: false,
      absent: true,
    }));
    expect(badgeLook({ kind: 'result', report: soft404 }, echo)).toMatchObject({ text: '', lit: false, title: 'badgeTitleNothing' });
  });

  it('says a site could not be checked, not that it publishes nothing, when it answers with a server error', () => {
    const failed = report(site, 'errors', [], { findings: [issue('error')] });
    failed.documents = failed.documents.map((d) => ({ ...d, httpStatus: 503, published: false, absent: false }));
    expect(badgeLook({ kind: 'result', report: failed }, echo)).toMatchObject({ text: '', lit: false, title: 'badgeTitleUnreadable' });
  });

  it('lights the icon only for sites that publish something', () => {
    expect(iconPaths(true)).toEqual({ 16: '/icon/16.png', 32: '/icon/32.png', 48: '/icon/48.png', 128: '/icon/128.png' });
    expect(iconPaths(false)['16']).toBe('/icon/idle-16.png');
  });
});

describe('tooltips in words from _locales', () => {
  const keys: BadgeMessageKey[] = [
    'actionTitleIdle',
    'badgeTitleChecking',
    'badgeTitleNothing',
    'badgeTitleUnreadable',
    'badgeTitleVerifiedOne',
    'badgeTitleVerifiedMany',
    'badgeTitleVerifiedSome',
    'badgeTitleNoSkills',
    'badgeTitleWarningsOne',
    'badgeTitleWarningsMany',
    'badgeTitleMismatchOne',
    'badgeTitleMismatchMany',
    'badgeTitleErrorsOne',
    'badgeTitleErrorsMany',
  ];
  it.each(keys)('%s exists and fills every placeholder', (key) => {
    const text = translate(key, 'Site', '2', '3');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/\$/);
  });

  // The wording belongs to the locale file; these pin what each tooltip must say.
  const emptyIndexOnly = () => {
    const only = report(site, 'ok');
    only.documents = [
      { ...only.documents[0]!, httpStatus: 404, published: false },
      {
        kind: 'index',
        requestedUrl: `${site}/.well-known/agent-skills/index.json`,
        url: null,
        httpStatus: 200,
        contentType: 'application/json',
        bytes: 60,
        redirected: false,
        published: true,
        absent: false,
      },
    ];
    return only;
  };
  const flowers = (skills: ReturnType<typeof skill>[], verdict: 'ok' | 'errors') =>
    report(site, verdict, skills, { poppy: org('Northlight Flowers') });
  it.each<[string, BadgeState, RegExp]>([
    [
      'names the site and counts verified skills',
      { kind: 'result', report: flowers(three, 'ok') },
      /^Northlight Flowers: 3 skills\b.*verified$/,
    ],
    [
      'says a skill does not match its digest',
      { kind: 'result', report: flowers([skill('a', 'mismatch')], 'errors') },
      /^Northlight Flowers: 1 skill does not match its digest$/,
    ],
    ['says it is checking', { kind: 'checking' }, /checking/i],
    ['says nothing is published', { kind: 'result', report: report(site, 'none') }, /publishes nothing|nothing published/i],
    [
      'an empty index and no poppy.json: no skills, and no claim of a poppy.json',
      { kind: 'result', report: emptyIndexOnly() },
      /^(?!.*poppy\.json)flowers\.example: .*no skills/,
    ],
  ])('%s', (_name, state, title) => {
    expect(badgeLook(state, translate).title).toMatch(title);
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
    await applyBadge(4, { kind: 'result', report: report(site, 'warnings', three) }, echo);
    expect(await fakeBrowser.action.getBadgeText({ tabId: 4 })).toBe('3!');
    expect(await fakeBrowser.action.getTitle({ tabId: 4 })).toBe('badgeTitleWarningsMany|flowers.example|0');
    expect(await fakeBrowser.action.getBadgeBackgroundColor({ tabId: 4 })).toEqual([0x9a, 0x67, 0x00, 255]);
    expect(await fakeBrowser.action.getBadgeTextColor({ tabId: 4 })).toBe('#ffffff');
    expect(setIcon).toHaveBeenCalledWith({ tabId: 4, path: iconPaths(true) });
    expect(await fakeBrowser.action.getBadgeText({ tabId: 5 })).toBe('');
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });

  it('greys the icon and clears the text when going idle', async () => {
    await applyBadge(4, { kind: 'result', report: report(site, 'ok', three) }, echo);
    await applyBadge(4, { kind: 'idle' }, echo);
    expect(await fakeBrowser.action.getBadgeText({ tabId: 4 })).toBe('');
    expect(setIcon).toHaveBeenLastCalledWith({ tabId: 4, path: iconPaths(false) });
  });

  it('swallows the error of a tab that closed meanwhile', async () => {
    setIcon.mockRejectedValueOnce(new Error('No tab with id: 4'));
    await expect(applyBadge(4, { kind: 'checking' }, echo)).resolves.toBeUndefined();
  });
});
