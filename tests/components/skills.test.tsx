import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/preact';
import { checkingView, renderPanel, reportView } from './harness';
import * as reports from './reports';
import { DIGESTS } from './reports';
import type { SafeNode } from '../../utils/engine/markdown/types';
import { SKILL_REASONS } from '../../utils/engine/check/verify-skill';
import { FETCH_WORDS } from '../../utils/engine/net/fetch-words';
import { checkFetchTarget, siteContext } from '../../utils/engine/net/url-policy';
import { digestProblem } from '../../utils/engine/skill-index/digest-format';
import { ENTRY_REASONS } from '../../utils/engine/skill-index/entry';
import type { Report } from '../../utils/engine/report/report';
import type { Words } from '../../utils/engine/report/words';

/** The words a blocked skill's reason carries, as the URL policy says them. */
function blockedBy(url: string): Words {
  const verdict = checkFetchTarget(url, siteContext('https://northlight.poppy.test'));
  if (verdict.ok) throw new Error(`${url} is allowed`);
  return verdict.detail;
}

/** Opens a disclosure the way a click on its summary does, toggle event included. */
function open(details: HTMLDetailsElement) {
  details.open = true;
  fireEvent(details, new Event('toggle'));
}

const BODY: SafeNode[] = [
  { kind: 'heading', depth: 1, children: [{ kind: 'text', text: 'Change a flower delivery' }] },
  { kind: 'paragraph', children: [{ kind: 'text', text: 'This skill is the store’s guidance.' }] },
  { kind: 'heading', depth: 2, children: [{ kind: 'text', text: 'Steps' }] },
  {
    kind: 'list',
    ordered: true,
    start: 1,
    items: [
      [
        {
          kind: 'paragraph',
          children: [
            { kind: 'strong', children: [{ kind: 'text', text: 'Find the order.' }] },
            { kind: 'text', text: ' ' },
            { kind: 'inline-code', text: 'my_orders' },
          ],
        },
      ],
    ],
  },
  { kind: 'code', lang: 'http', text: 'GET /poppy/orders' },
];

describe('skill rows', () => {
  it('lists every skill with name, status in words and symbol, description and host', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    const rows = [...root.querySelectorAll<HTMLElement>('[data-skill]')];
    expect(rows.map((r) => [r.dataset.skill, r.dataset.status])).toEqual([
      ['change-flower-delivery', 'verified'],
      ['check-flower-order', 'verified'],
      ['find-flowers', 'verified'],
    ]);
    expect(rows[0]!.querySelector('.status')?.textContent).toBe('✓ Verified');
    expect(rows[0]!.textContent).toContain('change flower delivery at Northlight Flowers.');
    expect(rows[0]!.querySelector('.small')?.textContent).toBe('Hosted on this site · listed in poppy.json and agent-skills/index.json');
  });

  it('says in plain words what verified (a matching digest) proves and what it does not', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    expect(root.textContent).toContain(
      "Verified means the skill file is exactly the one the site published: not a byte has changed. It does not prove that the skill's advice is safe.",
    );
  });

  it('puts the worst status first', () => {
    const { root } = renderPanel(reportView(reports.northlightStale()));
    expect([...root.querySelectorAll<HTMLElement>('[data-skill]')].map((r) => r.dataset.skill)).toEqual([
      'change-flower-delivery',
      'check-flower-order',
      'find-flowers',
    ]);
  });

  it.each([
    ['unreachable', 'Could not be fetched', '✗', FETCH_WORDS.httpStatus({ status: 404 }), 'HTTP 404'],
    [
      'blocked',
      "Blocked by Poppy Inspector's safety rules",
      '⊘',
      blockedBy('https://10.0.0.1/x'),
      'points at a private network address (10.0.0.1)',
    ],
    ['invalid', 'Invalid entry', '✗', digestProblem('x')!.said.message, 'digest "x" is not sha256: plus 64 lower-case hex characters.'],
    ['skipped', 'Skipped — not verified', '⚠', ENTRY_REASONS.unknownType({ type: '"bundle"' }), 'unknown type "bundle"'],
    ['skipped', 'Skipped — not verified', '⚠', ENTRY_REASONS.oldFormat({}), 'old format (v0.1): no digest to verify'],
    [
      'skipped',
      'Skipped — not verified',
      '⚠',
      ENTRY_REASONS.unknownSchema({ field: '$schema' }),
      'unknown $schema: the index is not checked',
    ],
    ['skipped', 'Skipped — not verified', '⚠', ENTRY_REASONS.interimFormat({}), 'interim draft format: not verified'],
    ['not-checked', 'Not checked', '—', SKILL_REASONS.hostedOn({ host: 'skills-cdn.example' }), 'hosted on skills-cdn.example'],
    ['not-checked', 'Not checked', '—', FETCH_WORDS.redirectsTo({ host: 'cdn.example' }), 'redirects to cdn.example; not checked yet'],
    ['not-checked', 'Not checked', '—', ENTRY_REASONS.overCap({ max: 200 }), 'over the 200-entry limit'],
  ] as const)('%s: symbol, words and the reason (%s, %s)', (status, words, symbol, reason, shown) => {
    const report = reports.northlightOk();
    report.skills = [reports.skill('find-flowers', DIGESTS.find, { status, reason, actualDigest: null })];
    const { root } = renderPanel(reportView(report));
    const row = root.querySelector<HTMLElement>('[data-skill="find-flowers"]')!;
    expect(row.dataset.status).toBe(status);
    expect(row.querySelector('.status')?.textContent).toBe(`${symbol} ${words}`);
    expect(row.textContent).toContain(shown);
    expect(row.querySelector('details')).toBeNull();
  });

  it("renders the catalog's code marks as code, and a site's backticks as plain text", () => {
    const report = reports.northlightOk();
    report.skills = [
      reports.skill('find-flowers', DIGESTS.find, {
        status: 'invalid',
        reason: digestProblem('`x` <b>')!.said.message,
        actualDigest: null,
      }),
    ];
    const { root } = renderPanel(reportView(report));
    const reason = root.querySelector<HTMLElement>('[data-skill="find-flowers"] .reason')!;
    expect([...reason.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['digest', 'sha256:']);
    expect(reason.textContent).toBe('digest "`x` <b>" is not sha256: plus 64 lower-case hex characters.');
    expect(reason.querySelector('b')).toBeNull();
  });
});

describe('a digest mismatch', () => {
  it('explains the bytes, states the consequence and shows both digests; never the content', () => {
    const { root, actions } = renderPanel(reportView(reports.northlightStale()));
    const row = root.querySelector('[data-skill="change-flower-delivery"]')!;
    expect(row.querySelector('.status')?.textContent).toBe('✗ Changed since it was published');
    expect(row.textContent).toContain("The company's guidance in this skill could not be verified and must not be used.");
    expect([...row.querySelectorAll('[data-cause]')].map((li) => li.textContent)).toEqual([
      'The published digest matches this file with Windows line endings (CRLF) turned into LF — the file was probably re-saved after the digest was computed.',
      'The published digest matches this file with a line break added at the end — the final line break was probably removed after the digest was computed.',
    ]);
    expect([...row.querySelectorAll('.digests dd')].map((dd) => dd.textContent)).toEqual([DIGESTS.stale, DIGESTS.change]);
    // The digests are one click away; nothing in the row offers the skill's content.
    expect(row.querySelector('.skill-body')).toBeNull();
    expect(row.querySelector('.mismatch details summary')?.getAttribute('aria-label')).toBe('The two digests of change-flower-delivery');
    expect(actions.loadSkillPreview).not.toHaveBeenCalled();
  });

  it('copies the digest of the served file', () => {
    const { root, actions } = renderPanel(reportView(reports.northlightStale()));
    const copy = [...root.querySelectorAll('[data-skill="change-flower-delivery"] button')].find(
      (b) => b.textContent === "Copy the served file's digest",
    )!;
    fireEvent.click(copy);
    expect(actions.copy).toHaveBeenCalledWith(DIGESTS.change);
  });

  it('without a known cause, says the check cannot tell an edit from tampering', () => {
    const report = reports.northlightStale();
    delete report.skills[1]!.mismatch;
    const { root } = renderPanel(reportView(report));
    expect(root.querySelector('[data-skill="change-flower-delivery"]')?.textContent).toContain("the check can't tell that from tampering");
  });
});

describe('a verified skill body', () => {
  it('loads the tree on first open only and renders it below the skill heading', async () => {
    const { root, actions } = renderPanel(reportView(reports.northlightOk()), {
      loadSkillPreview: async () => ({ kind: 'tree', nodes: BODY }),
    });
    const row = root.querySelector('[data-skill="change-flower-delivery"]')!;
    const details = row.querySelector('details')!;
    expect(details.querySelector('summary')?.textContent).toBe('Show the skill');
    expect(details.open).toBe(false);
    open(details);
    await waitFor(() => expect(details.querySelector('.markdown')).not.toBeNull());
    expect(details.querySelector('h4')?.textContent).toBe('Change a flower delivery');
    expect(details.querySelector('h5')?.textContent).toBe('Steps');
    expect(details.querySelector('ol li strong')?.textContent).toBe('Find the order.');
    expect(details.querySelector('ol li code')?.textContent).toBe('my_orders');
    expect(details.querySelector('figcaption')?.textContent).toBe('http');
    expect(details.querySelector('pre code')?.textContent).toBe('GET /poppy/orders');
    expect(details.textContent).toContain("This is the company's own content");

    details.open = false;
    fireEvent(details, new Event('toggle'));
    open(details);
    expect(actions.loadSkillPreview).toHaveBeenCalledTimes(1);
    expect(actions.loadSkillPreview).toHaveBeenCalledWith(reports.northlightOk().skills[0]);
  });

  it('too complex to preview: says so and shows the text itself, nothing parsed', async () => {
    const text = '# Not a heading\n\n[not a link](https://x.example/) <b>\u202E';
    const { root } = renderPanel(reportView(reports.northlightOk()), {
      loadSkillPreview: async () => ({ kind: 'text', text, cut: true }),
    });
    const details = root.querySelector<HTMLDetailsElement>('[data-skill="find-flowers"] details')!;
    open(details);
    await waitFor(() => expect(details.querySelector('[data-preview="text"]')).not.toBeNull());
    expect(details.textContent).toContain('This skill is too complex to preview; here is its text.');
    expect(details.querySelector('pre.raw')?.textContent).toBe('# Not a heading\n\n[not a link](https://x.example/) <b>⟨U+202E⟩');
    expect(details.querySelector('.markdown, a, b, h4')).toBeNull();
    expect(details.textContent).toContain('the rest of the text is too long to show here');
  });

  it('shows the frontmatter as key/value text', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    const pairs = [...root.querySelectorAll('[data-skill="find-flowers"] .frontmatter div')].map((d) => [
      d.querySelector('dt')?.textContent,
      d.querySelector('dd')?.textContent,
    ]);
    expect(pairs).toEqual([
      ['name', 'find-flowers'],
      ['description', 'find flowers at Northlight Flowers.'],
    ]);
  });

  it.each([
    ['null', async () => null],
    ['a rejection', async () => Promise.reject(new Error('worker gone'))],
  ])('says the text is unavailable when the loader gives %s', async (_label, loadSkillPreview) => {
    const { root } = renderPanel(reportView(reports.northlightOk()), { loadSkillPreview });
    const details = root.querySelector<HTMLDetailsElement>('[data-skill="find-flowers"] details')!;
    open(details);
    await waitFor(() => expect(details.textContent).toContain("The skill's text is not available right now."));
    expect(details.querySelector('.markdown')).toBeNull();
  });

  it('archives are verified without a body disclosure', () => {
    const report = reports.northlightOk();
    report.skills = [
      reports.skill('find-flowers', DIGESTS.find, {
        type: 'archive',
        url: `${reports.ORIGIN}/skills/find-flowers.tar.gz`,
        frontmatter: null,
      }),
    ];
    const { root } = renderPanel(reportView(report));
    expect(root.querySelector('[data-skill="find-flowers"]')?.getAttribute('data-status')).toBe('verified');
    expect(root.querySelector('[data-skill="find-flowers"] details')).toBeNull();
  });
});

describe('skills on other hosts', () => {
  it('names the host and offers to check other sites', () => {
    const { root, actions } = renderPanel(reportView(reports.otherHostPending()));
    const row = root.querySelector('[data-skill="check-flower-order"]')!;
    expect(row.getAttribute('data-status')).toBe('not-checked');
    expect(row.querySelector('.status')?.textContent).toBe('— Not checked');
    expect(row.textContent).toContain('Hosted on skills-cdn.poppy.test');
    const check = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Check skills on other sites')!;
    fireEvent.click(check);
    expect(actions.checkOtherHosts).toHaveBeenCalledTimes(1);
  });

  it('while a check runs, says so and holds the button until its result', () => {
    const { root, actions } = renderPanel(checkingView(reports.ORIGIN, reports.otherHostPending()));
    expect(root.querySelector('[aria-live]')?.textContent).toBe('Checking northlight.poppy.test…');
    const check = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Check skills on other sites')!;
    // Focusable still (a disabled button drops the focus): marked, and the click does nothing.
    expect(check.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(check);
    expect(actions.checkOtherHosts).not.toHaveBeenCalled();
  });

  it.each([
    ['past the 200-entry cap', { status: 'not-checked', notChecked: 'over-cap', reason: ENTRY_REASONS.overCap({ max: 200 }) }],
    ['in a format that is listed, not verified', { status: 'skipped', notChecked: 'format', reason: ENTRY_REASONS.oldFormat({}) }],
  ] as const)('offers no check of other sites for entries on another host %s (no check would reach them)', (_label, over) => {
    const report = reports.northlightOk();
    report.skills = [
      reports.skill('find-flowers', DIGESTS.find, {
        ...over,
        url: 'https://skills-cdn.poppy.test/find-flowers/SKILL.md',
        actualDigest: null,
        frontmatter: null,
      }),
    ];
    const { root } = renderPanel(reportView(report));
    expect(root.querySelector('[data-skill="find-flowers"]')?.textContent).toContain('Hosted on skills-cdn.poppy.test');
    expect([...root.querySelectorAll('button')].some((b) => b.textContent === 'Check skills on other sites')).toBe(false);
  });

  it('offers no such check when every skill is on this site', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    expect([...root.querySelectorAll('button')].some((b) => b.textContent === 'Check skills on other sites')).toBe(false);
  });
});

describe('an archive skill', () => {
  const archiveReport = (partial: boolean): Report => {
    const report = reports.northlightOk();
    report.skills[0] = {
      ...report.skills[0]!,
      type: 'archive',
      url: 'https://northlight.poppy.test/.well-known/agent-skills/change-flower-delivery.tar.gz',
      archive: {
        format: 'tar.gz',
        entryCount: 5,
        files: [
          { path: 'SKILL.md', size: 312, type: 'file' },
          { path: 'scripts/', size: 0, type: 'directory' },
          { path: 'scripts/run.sh', size: 1536, type: 'file', runs: 'executable' },
          { path: 'docs', size: 0, type: 'symlink', target: 'scripts' },
        ],
        filesOmitted: 1,
        partial,
        unpackedBytes: 1848,
        skillMdDigest: partial ? null : DIGESTS.find,
      },
    };
    return report;
  };

  it('lists its files with their sizes and what the links point at, and says how many are not shown', () => {
    const { root } = renderPanel(reportView(archiveReport(false)));
    const files = root.querySelector('[data-skill="change-flower-delivery"] .archive-files')!;
    expect(files.querySelector('summary')?.textContent).toBe('What the archive holds');
    expect(files.textContent).toContain('tar.gz archive: 5 entries, 1.8 KiB unpacked');
    expect([...files.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'SKILL.md · 312 B',
      'scripts/',
      'scripts/run.sh · 1.5 KiB · ⚙ executable',
      'docs · symbolic link to scripts',
    ]);
    expect(files.querySelector('[data-runs="executable"]')?.textContent).toContain('scripts/run.sh');
    expect(files.textContent).toContain('…and 1 more entry');
    expect(files.textContent).not.toContain('incomplete');
  });

  it('previews its SKILL.md through the same loader, saying relative links stay text', async () => {
    const report = archiveReport(false);
    const { root, actions } = renderPanel(reportView(report), { loadSkillPreview: async () => ({ kind: 'tree', nodes: BODY }) });
    const body = root.querySelector<HTMLDetailsElement>('[data-skill="change-flower-delivery"] details.skill-body')!;
    open(body);
    await waitFor(() => expect(body.querySelector('.markdown')).not.toBeNull());
    expect(body.textContent).toContain('Links to files inside the archive are shown as text');
    expect(actions.loadSkillPreview).toHaveBeenCalledWith(report.skills[0]);
  });

  it('a partial listing says so, and without a readable SKILL.md there is no preview', () => {
    const { root } = renderPanel(reportView(archiveReport(true)));
    const row = root.querySelector('[data-skill="change-flower-delivery"]')!;
    expect(row.querySelector('.archive-files')?.textContent).toContain('Reading stopped early, so this list is incomplete');
    expect(row.querySelector('details.skill-body')).toBeNull();
  });
});
