import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/preact';
import { ActionsContext } from '../../components/actions';
import { SafeMarkdown } from '../../components/SafeMarkdown';
import type { PanelActions } from '../../utils/extension/panel-types';
import { markdownToSafeTree } from '../../utils/engine/markdown/safe-tree';
import type { SafeNode } from '../../utils/engine/markdown/types';
import { buildFolded, renderPanel, reportView } from './harness';
import { translate } from './locale';
import { TranslateContext } from '../../components/i18n';
import * as reports from './reports';

const SITE = 'https://northlight.poppy.test';
const SKILL_URL = `${SITE}/.well-known/agent-skills/evil/SKILL.md`;
const ACTIVE = 'script, img, iframe, frame, object, embed, style, link, meta, form, input, svg, math, video, audio, source, base';

const HOSTILE_MARKDOWN = [
  '---',
  'name: evil',
  '---',
  '# Evil <script>alert("h")</script>',
  '',
  '<script>alert(1)</script>',
  '',
  'Inline <img src=x onerror=alert(2)> and <iframe src="https://evil.example"></iframe>.',
  '',
  '<svg onload=alert(3)><style>*{display:none}</style>',
  '',
  '[js](javascript:alert(4)) [JS](JaVaScRiPt:alert(5)) [data](data:text/html,<script>alert(6)</script>)',
  '[vb](vbscript:x) [file](file:///etc/passwd) [plain](http://evil.example/) [rel](../other/SKILL.md)',
  '[spoof](https://bank.example@evil.example/) [bidi](https://evil.example/\u202Egpj.exe) <javascript:alert(7)>',
  '',
  '![remote](https://tracker.example/pixel.gif) ![x][pixel]',
  '',
  '[pixel]: https://tracker.example/p2.gif',
  '',
  'Zero\u200Bwidth and \u202Ereversed\u202C text.',
  '',
  '```html',
  '<script>alert(8)</script>',
  '```',
].join('\n');

function renderTree(nodes: SafeNode[]) {
  const actions = { openLink: vi.fn() } as unknown as PanelActions;
  const { container } = render(
    <TranslateContext.Provider value={translate}>
      <ActionsContext.Provider value={actions}>
        <SafeMarkdown nodes={nodes} headingLevel={3} site={SITE} />
      </ActionsContext.Provider>
    </TranslateContext.Provider>,
  );
  return { container, openLink: actions.openLink as ReturnType<typeof vi.fn> };
}

describe('SafeMarkdown with hostile Markdown', () => {
  let container: Element;
  let openLink: ReturnType<typeof vi.fn>;
  let hrefs: string[];
  beforeEach(() => {
    ({ container, openLink } = renderTree(markdownToSafeTree(HOSTILE_MARKDOWN, SKILL_URL, SITE).nodes));
    hrefs = [...container.querySelectorAll('[href], [src], [action], [formaction]')].map((el) => el.getAttribute('href') ?? '');
  });

  it('creates no active element and no event-handler attribute', () => {
    expect(container.querySelector(ACTIVE)).toBeNull();
    const attributes = [...container.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name));
    expect(attributes.filter((name) => name.startsWith('on') || name === 'style' || name === 'src')).toEqual([]);
  });

  it('shows raw HTML as literal text', () => {
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<img src=x onerror=alert(2)>');
    expect(container.textContent).toContain('<iframe src="https://evil.example"></iframe>');
    expect(container.querySelector('pre code')?.textContent).toBe('<script>alert(8)</script>');
  });

  it('links only to https, never javascript:, data:, file: or http:', () => {
    expect(hrefs).toEqual([
      'https://northlight.poppy.test/.well-known/agent-skills/other/SKILL.md',
      'https://evil.example/%E2%80%AEgpj.exe',
    ]);
    for (const a of container.querySelectorAll('a')) expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows refused targets as text next to the link text', () => {
    for (const shown of [
      'js (javascript:alert(4))',
      'data (data:text/html,<script>alert(6)</script>)',
      'plain (http://evil.example/)',
      'spoof (https://bank.example@evil.example/)',
      'file (file:///etc/passwd)',
    ]) {
      expect(container.textContent).toContain(shown);
    }
  });

  it('turns images into their alt text and loads nothing', () => {
    expect(container.textContent).toContain('[remote]');
    expect(container.textContent).toContain('[x]');
    const attributeValues = [...container.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value));
    expect([container.textContent, ...attributeValues].filter((v) => v?.includes('tracker.example'))).toEqual([]);
  });

  it('spells out bidi and zero-width characters in prose', () => {
    expect(container.textContent).toContain('Zero⟨U+200B⟩width and ⟨U+202E⟩reversed⟨U+202C⟩ text.');
  });

  it('puts the document headings below the panel heading', () => {
    expect(container.querySelector('h4')?.textContent).toBe('Evil <script>alert("h")</script>');
    expect(container.querySelector('h1, h2, h3')).toBeNull();
  });

  it('opens links only through the action, on click, without navigating', () => {
    const link = container.querySelector('a')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(openLink).toHaveBeenCalledWith('https://northlight.poppy.test/.well-known/agent-skills/other/SKILL.md');
  });
});

describe('SafeMarkdown with a tampered tree', () => {
  // The tree crosses a message boundary; the renderer must not trust its shape.
  const tampered = [
    { kind: 'link', href: 'javascript:alert(1)', children: [{ kind: 'text', text: 'click' }] },
    { kind: 'link', href: 'https://ok.example/\u202Eevil', children: [] },
    { kind: 'html', value: '<img src=x onerror=alert(2)>' },
    { kind: 'text', text: { type: 'img', props: { src: 'x' } } },
    { kind: 'paragraph', children: 'not an array' },
    { kind: 'heading', depth: 99, children: [{ kind: 'text', text: 'deep' }] },
    null,
    { kind: 'code', lang: '<b>x</b>', text: 42 },
  ] as unknown as SafeNode[];

  it('renders no javascript: href, no active element, and unknown kinds not at all', () => {
    const { container } = renderTree(tampered);
    expect(container.querySelector(ACTIVE)).toBeNull();
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://ok.example/%E2%80%AEevil']);
    expect(container.textContent).toContain('clickjavascript:alert(1)');
    expect(container.textContent).not.toContain('onerror');
    expect(container.textContent).toContain('[object Object]');
    expect(container.querySelector('h6')?.textContent).toBe('deep');
    expect(container.querySelector('figcaption')?.textContent).toBe('<b>x</b>');
  });

  it('re-judges links by the URL policy: a LAN target in a tampered tree is text, on a public site', () => {
    const lan = [{ kind: 'link', href: 'https://192.168.1.1/reboot', children: [{ kind: 'text', text: 'router' }] }] as SafeNode[];
    const { container } = renderTree(lan);
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('.url')?.textContent).toBe('routerhttps://192.168.1.1/reboot');
  });

  it('spells out invisible characters in a shown target', () => {
    const { container } = renderTree([{ kind: 'link', href: 'https://ok.example/a\u202Eb', children: [] }]);
    // The URL parser percent-encodes the override in the href; the shown target is that href.
    expect(container.querySelector('.link-target')?.textContent).toBe('https://ok.example/a%E2%80%AEb');
    const refused = renderTree([{ kind: 'link', href: 'javascript:\u202Ealert(1)', children: [] }]);
    expect(refused.container.querySelector('.link-target')?.textContent).toBe('javascript:⟨U+202E⟩alert(1)');
  });
});

describe('Panel with a hostile report', () => {
  it('links nothing a public site names on its LAN or over http:, in any section', async () => {
    const report = reports.northlightOk();
    report.poppy = reports.northlightPoppy({
      issuer: 'https://10.0.0.1/oauth',
      apis: [{ type: 'openapi', url: 'https://192.168.1.1/reboot', description: null, resource: null }],
      agentProtocols: [{ type: 'poppy', endpoint: 'https://localhost/agent', resource: null }],
      browserSessionEndpoint: 'http://northlight.poppy.test/session',
    });
    const { root } = renderPanel(reportView(report));
    await buildFolded(root);
    expect([...root.querySelectorAll('a:not(.skip-link)')].map((a) => a.getAttribute('href'))).toEqual([]);
    for (const target of [
      'https://10.0.0.1/oauth',
      'https://192.168.1.1/reboot',
      'https://localhost/agent',
      'http://northlight.poppy.test/session',
    ]) {
      expect([...root.querySelectorAll('.url .link-target')].map((el) => el.textContent)).toContain(target);
    }
  });

  it('links http: and LAN targets that a local dev site names (D5), as its own fetches may', async () => {
    const report = reports.northlightOk();
    report.target = 'http://localhost:5173';
    report.local = true;
    report.poppy = reports.northlightPoppy({
      issuer: 'http://localhost:5173/oauth',
      apis: [{ type: 'mcp', url: 'http://192.168.1.20/mcp', description: null, resource: null }],
      agentProtocols: [],
      browserSessionEndpoint: null,
    });
    const { root } = renderPanel(reportView(report));
    await buildFolded(root);
    expect([...root.querySelectorAll('a:not(.skip-link)')].map((a) => a.getAttribute('href'))).toEqual([
      'http://localhost:5173/oauth',
      'http://192.168.1.20/mcp',
    ]);
  });

  it('shows hostile text fields as text and links nothing unsafe', async () => {
    const report = reports.hostile();
    const { root } = renderPanel(reportView(report), {
      loadSkillPreview: async () => ({ kind: 'tree', nodes: markdownToSafeTree(HOSTILE_MARKDOWN, SKILL_URL, SITE).nodes }),
    });
    await buildFolded(root);
    const details = root.querySelector<HTMLDetailsElement>('[data-skill="evil"] details')!;
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    await waitFor(() => expect(details.querySelector('.markdown')).not.toBeNull());

    expect(root.querySelector(ACTIVE)).toBeNull();
    const hrefs = [...root.querySelectorAll('a:not(.skip-link)')].map((a) => a.getAttribute('href')!);
    expect(hrefs.every((href) => href.startsWith('https://'))).toBe(true);
    expect(root.querySelector('h1')?.textContent).toBe('<img src=x onerror=alert(1)>Evil');
    expect(root.querySelector('[data-api="openapi"]')?.textContent).toContain('javascript:alert(1)');
    expect(root.querySelector('[data-api="openapi"]')?.textContent).toContain('<script>alert(2)</script>');
    expect(root.querySelector('[data-api="constructor"]')?.textContent).toContain('API of type "constructor"');
    expect(root.textContent).toContain('http://169.254.169.254/latest');
    expect(root.querySelector('[data-excluded-task]')?.textContent).toContain('<iframe src="https://evil.example"></iframe>');
    expect(root.querySelector('.facts')?.textContent).toContain('✗ does not match this site');
    const keys = [...details.querySelectorAll('.frontmatter dt')].map((dt) => dt.textContent);
    expect(keys).toEqual(['name', '__proto__', 'constructor']);
    expect(details.querySelectorAll('.frontmatter dd')[2]?.textContent).toBe('{"nested":"<script>"}');
  });
});

/** docs/security.md: what a site wrote is isolated from the panel's words and cannot read as something else. */
describe('site text in the panel: isolated, hidden characters spelled out', () => {
  const OVERRIDE = '\u202E';
  /** Every element that shows `text` sits inside a bidi isolate of its own. */
  const isolatedIn = (root: Element, text: string) => [...root.querySelectorAll('bdi')].some((bdi) => bdi.textContent?.includes(text));

  it('a bidi override in a link label does not run on into the shown target', () => {
    const { container } = renderTree(markdownToSafeTree(`[bidi ${OVERRIDE}gnp.exe](https://bank.rt.test/)`, SKILL_URL, SITE).nodes);
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://bank.rt.test/');
    const label = link.querySelector('.link-text')!;
    const target = link.querySelector('.link-target')!;
    expect(label.tagName).toBe('BDI');
    expect(label.textContent).toBe('bidi ⟨U+202E⟩gnp.exe');
    expect(target.tagName).toBe('BDI');
    expect(target.getAttribute('dir')).toBe('ltr');
    expect(target.textContent).toBe('https://bank.rt.test/');
    expect(container.textContent).not.toContain(OVERRIDE);
  });

  it('an organization name with an override reads as written, not reversed, its trailing joiner spelled out', () => {
    const report = reports.northlightOk();
    report.poppy = reports.northlightPoppy({
      organization: { name: `Inj…${OVERRIDE}evil\u200D`, domain: 'northlight.poppy.test', domainMatches: true },
    });
    const { root } = renderPanel(reportView(report));
    const name = root.querySelector('h1 bdi')!;
    expect(name.textContent).toBe('Inj…⟨U+202E⟩evil⟨U+200D⟩');
  });

  it('names, descriptions, excluded tasks, scopes, protocol version, digests and finding values: none can reorder the panel', async () => {
    const bad = (what: string) => `${what}${OVERRIDE}gpj.exe\u2066\u{E0041}`;
    const report = reports.northlightOk();
    report.poppy = reports.northlightPoppy({
      protocolVersion: bad('0.3'),
      excludedTasks: [bad('task')],
      signInTypes: [{ type: 'direct', scopes: [{ name: bad('scope:name'), description: bad('scope words') }] }],
      apis: [{ type: 'openapi', url: 'https://northlight.poppy.test/api', description: bad('api words'), resource: bad('res') }],
      extensions: [{ name: bad('ext'), version: '1' }],
    });
    report.skills = [
      reports.skill('s', 'sha256:' + '0'.repeat(64), {
        name: bad('skill'),
        description: bad('skill words'),
        status: 'mismatch',
        expectedDigest: bad('sha256:'),
      }),
    ];
    report.findings = [reports.finding(reports.siteText(bad('value')), { path: bad('$.x') })];
    const { root } = renderPanel(reportView(report));
    await buildFolded(root);
    const raw = [...(root.textContent ?? '').matchAll(/[\u202E\u2066]|\u{E0041}/gu)].map((m) =>
      root.textContent!.slice(Math.max(0, m.index - 30), m.index + 5),
    );
    expect(raw).toEqual([]);
    for (const what of ['0.3', 'task', 'scope:name', 'scope words', 'api words', 'skill', 'skill words', 'sha256:', '$.x']) {
      expect(isolatedIn(root, `${what}⟨U+202E⟩gpj.exe⟨U+2066⟩⟨U+E0041⟩`), what).toBe(true);
    }
    // Inside one of our sentences, site text is isolated by FSI … PDI.
    expect(root.textContent).toContain('\u2068res⟨U+202E⟩gpj.exe⟨U+2066⟩⟨U+E0041⟩\u2069');
    expect(root.textContent).toContain('\u2068ext⟨U+202E⟩gpj.exe⟨U+2066⟩⟨U+E0041⟩ (1)\u2069');
  });

  it('a host that mixes scripts is shown in punycode', () => {
    const report = reports.northlightOk();
    report.target = 'https://p\u0430ypal.example';
    report.poppy = null;
    const { root } = renderPanel(reportView(report));
    expect(root.querySelector('h1')?.textContent).toBe('xn--pypal-4ve.example');
  });
});
