import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes } from 'mdast';
import markdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { mdCode, mdText, reportToMarkdown as toMarkdown } from '../../../utils/engine/report/report-markdown';
import type { Report } from '../../../utils/engine/report/report';
import { ENGLISH } from '../../helpers/english';
import { FETCH_WORDS } from '../../../utils/engine/net/fetch-words';
import * as reports from '../../components/reports';
import { DIGESTS, ORIGIN } from '../../components/reports';

const reportToMarkdown = (report: Report) => toMarkdown(report, ENGLISH);
const lines = (markdown: string) => markdown.split('\n');
const headings = (markdown: string) => lines(markdown).filter((l) => /^#{1,6} /.test(l));

/** Every node type in the Markdown as a CommonMark renderer would see it. */
function nodeTypes(markdown: string): Set<string> {
  const types = new Set<string>();
  const stack: Nodes[] = [fromMarkdown(markdown)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    types.add(node.type);
    if ('children' in node) stack.push(...(node.children as Nodes[]));
  }
  return types;
}

describe('reportToMarkdown', () => {
  it('has the sections of a full report, in order', () => {
    expect(headings(reportToMarkdown(reports.withFindings()))).toEqual([
      '# Poppy Inspector report: Northlight Flowers',
      '## poppy.json',
      '### How an agent signs in here',
      '### APIs for agents',
      "### The company's own agent",
      '### What agents are asked not to do here',
      '## Skills (1)',
      '## What Poppy Inspector found',
      '### Errors (1)',
      '### Warnings (1)',
      '### Info (1)',
      '## Documents read',
    ]);
  });

  it('states site, time and verdict', () => {
    const markdown = reportToMarkdown(reports.northlightOk());
    expect(lines(markdown).slice(2, 5)).toEqual([
      `- Site: \`${ORIGIN}\``,
      `- Checked: \`${reports.CHECKED_AT}\``,
      '- Verdict: ✓ Everything checks out',
    ]);
    expect(markdown.endsWith('\n')).toBe(true);
  });

  it('describes what poppy.json says', () => {
    const markdown = reportToMarkdown(reports.northlightOk());
    expect(markdown).toContain('- Domain: `northlight.poppy.test` (matches this site)');
    expect(markdown).toContain('- Protocol version: `0.3`');
    expect(markdown).toContain(
      "- Direct sign-in: you approve on the company's own page\n  - `poppy:read`: Read your account data at this company.\n  - `orders:read`: See your orders",
    );
    expect(markdown).toContain(`- OpenAPI description: \`${ORIGIN}/poppy/openapi.json\`: Orders, bouquets and delivery dates`);
    expect(markdown).toContain(`- Agents can also get a browser session here: \`${ORIGIN}/poppy/browser-session\``);
    expect(markdown).toContain('- Cancel an order on the day of delivery');
  });

  it('lists mediated sign-in fields and where credentials go', () => {
    const markdown = reportToMarkdown(reports.mediatedSignIn());
    expect(markdown).toContain('- Mediated sign-in: the agent passes on your username and password');
    expect(markdown).toContain('  - Sent to: `https://auth.northlight.poppy.test/poppy/mediated`');
    expect(markdown).toContain('  - It asks for: `username` (Email), `password` (Password) (secret)');
  });

  it('writes one line per skill, worst first, with the verified-digest caveat', () => {
    const markdown = reportToMarkdown(reports.northlightStale());
    const skillLines = lines(markdown).filter((l) => l.startsWith('- **'));
    expect(skillLines).toEqual([
      '- **change-flower-delivery**: ✗ Changed since it was published — its fingerprint (digest) does not match',
      '- **check-flower-order**: ✓ Verified',
      '- **find-flowers**: ✓ Verified',
    ]);
    expect(markdown).toContain(`- **find-flowers**: ✓ Verified\n  - \`${ORIGIN}/.well-known/agent-skills/find-flowers/SKILL.md\``);
    expect(markdown).toContain("It does not prove that the skill's advice is safe.");
  });

  it('explains a mismatch: both digests, the causes, the consequence', () => {
    const markdown = reportToMarkdown(reports.northlightStale());
    expect(markdown).toContain(`  - Published digest: \`${DIGESTS.stale}\`\n  - Digest of the file served: \`${DIGESTS.change}\``);
    expect(markdown).toContain(
      '  - The published digest matches this file with Windows line endings (CRLF) turned into LF — the file was probably re-saved after the digest was computed.',
    );
    expect(markdown).toContain("  - The company's guidance in this skill could not be verified and must not be used.");
  });

  it('lists an archive briefly: summary, the first entries as code spans, the rest counted, a partial list said', () => {
    const report = reports.northlightOk();
    const files = Array.from({ length: 12 }, (_, i) => ({ path: `docs/${i}*.md`, size: 2048, type: 'file' as const }));
    report.skills = [
      {
        ...report.skills[0]!,
        type: 'archive',
        archive: { format: 'zip', entryCount: 40, files, filesOmitted: 28, partial: true, unpackedBytes: 24576, skillMdDigest: null },
      },
    ];
    const markdown = reportToMarkdown(report);
    expect(markdown).toContain('  - zip archive: 40 entries, 24 KiB unpacked\n    - `docs/0*.md` (2 KiB), `docs/1*.md` (2 KiB),');
    expect(markdown).toContain('`docs/9*.md` (2 KiB), …and 30 more entries\n    - Reading stopped early, so this list is incomplete');
    expect(markdown).not.toContain('docs/10*');
    expect(nodeTypes(markdown).has('emphasis')).toBe(false);
  });

  it('lists findings with code, hint and location', () => {
    const markdown = reportToMarkdown(reports.withFindings());
    expect(markdown).toContain(
      // Dotted names in a message read as code: a renderer would link "flowers.example" by itself.
      '### Errors (1)\n\n- `domain-mismatch` `organization.domain` is `"flowers.example"` but `poppy.json` was requested from `northlight.poppy.test`.\n' +
        '  - Fix: Set `organization.domain` to the host this `poppy.json` is served from (a leading `www.` may differ).\n' +
        `  - At: \`${ORIGIN}/.well-known/poppy.json\` \`$.organization.domain\``,
    );
    expect(markdown).toContain(
      '### Info (1)\n\n- `unknown-field` skils is not a field Poppy Inspector knows; agents ignore it.\n  - Fix: Did you mean "skills"? Agents ignore fields they do not know.',
    );
  });

  it('names the skill a finding belongs to', () => {
    expect(reportToMarkdown(reports.northlightStale())).toContain('  - At: skill `change-flower-delivery` ');
  });

  it('nothing published', () => {
    const markdown = reportToMarkdown(reports.nothingPublished());
    expect(markdown).toContain('- Verdict: — Nothing published for agents');
    expect(markdown).toContain('`northlight.poppy.test` has no poppy.json.');
    expect(markdown).toContain('## Skills (0)\n\nThis site publishes no skills.');
    expect(markdown).toContain(`- poppy.json: \`${ORIGIN}/.well-known/poppy.json\` (HTTP 404, not published)`);
  });

  it('unreachable documents say there was no response, and not that nothing is published', () => {
    const markdown = reportToMarkdown(reports.unreachable());
    expect(markdown).toContain('(no response, not published)');
    expect(markdown).toContain('The poppy.json at `northlight.poppy.test` could not be read; the findings below say why.');
    expect(markdown).not.toContain('has no poppy.json');
  });

  it('includes excluded tasks of an unrecognised shape as a JSON block', () => {
    expect(reportToMarkdown(reports.unrecognisedExcludedTasks())).toContain(
      'The list of excluded tasks has a shape Poppy Inspector doesn\'t recognise. Here it is as published:\n\n```json\n{\n  "refunds": true,\n  "limit": 3\n}\n```',
    );
  });

  it('notes a local development site', () => {
    const report = reports.northlightOk();
    report.local = true;
    expect(reportToMarkdown(report)).toContain(
      '- This is a local development site: rules that only apply in production are shown as info.',
    );
  });

  it('a hostile report renders as text: no HTML, links or images', () => {
    const report = reports.hostile();
    report.skills[0]!.reason = FETCH_WORDS.network({ error: '[click](javascript:alert(1)) ![x](https://tracker.example/p.gif)' });
    report.skills[0]!.status = 'unreachable';
    report.findings = [
      reports.finding(reports.siteText('<script>alert(1)</script> `code` *bold*'), {
        hint: FETCH_WORDS.network({ error: '\n# heading\n- item' }),
        path: '$["`]',
      }),
    ];
    report.poppy!.excludedTasksRaw = { note: '```\n<script>alert(1)</script>' };
    const markdown = reportToMarkdown(report);
    const types = nodeTypes(markdown);
    for (const type of ['html', 'link', 'image', 'linkReference', 'imageReference', 'emphasis', 'delete', 'table']) {
      expect(types.has(type), type).toBe(false);
    }
    expect(markdown).toContain('# Poppy Inspector report: \\<img src=x onerror=alert(1)\\>Evil');
  });
});

/** Links a GFM-like renderer makes: markdown-it with linkify (bare URLs, `www.` names, e-mail addresses, bare domains). */
function linksIn(markdown: string): string[] {
  const links: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'link_open') links.push(String(token.attrGet('href')));
      if (token.type === 'image') links.push(String(token.attrGet('src')));
      if (token.children) walk(token.children);
    }
  };
  walk(markdownIt({ linkify: true }).parse(markdown, {}));
  return links;
}

/** Every form a renderer could link by itself, in one piece of site text. */
const LINKY_SITE_TEXT = [
  'see https://evil.example/a and http://evil.example/b,',
  'www.evil.example or (www.evil.example/x).',
  'mail root@evil.example, mailto:root@evil.example or xmpp:root@evil.example',
  '[name](https://evil.example/c) <https://evil.example/d> ![i](https://evil.example/e.png)',
  'evil.example and ftp://evil.example //evil.example SKILL.md',
].join(' ');

describe('site URLs are code, never links, wherever the Markdown is pasted', () => {
  it('a site that writes URLs, www. names and e-mail addresses everywhere gets zero links', () => {
    const report = reports.hostile();
    report.target = 'https://evil.example';
    report.poppy!.organization.name = `Evil https://evil.example www.evil.example`;
    report.poppy!.apis[0]!.description = LINKY_SITE_TEXT;
    report.poppy!.excludedTasks = [LINKY_SITE_TEXT];
    report.poppy!.signInTypes = [{ type: 'direct', scopes: [{ name: 'shop', description: LINKY_SITE_TEXT }], endpoint: null, fields: [] }];
    report.skills[0]!.name = 'www.evil.example';
    report.skills[0]!.description = LINKY_SITE_TEXT;
    report.skills[0]!.status = 'unreachable';
    report.skills[0]!.reason = FETCH_WORDS.network({ error: LINKY_SITE_TEXT });
    report.findings = [reports.finding(reports.siteText(LINKY_SITE_TEXT), { hint: FETCH_WORDS.network({ error: LINKY_SITE_TEXT }) })];
    const markdown = reportToMarkdown(report);
    expect(linksIn(markdown)).toEqual([]);
    expect(nodeTypes(markdown).has('link')).toBe(false);
    // The URLs are still there to read, as code.
    expect(markdown).toContain('`https://evil.example/a`');
    expect(markdown).toContain('(`www.evil.example/x`).');
    expect(markdown).toContain('`root@evil.example`,');
  });

  it('the same report without escaping would have been linked (the renderer in this test sees links)', () => {
    expect(linksIn(LINKY_SITE_TEXT).length).toBeGreaterThanOrEqual(8);
  });

  it.each([
    ['https://evil.example/a', '`https://evil.example/a`'],
    ['www.evil.example.', '`www.evil.example`.'],
    ['a@b.example', '`a@b.example`'],
    ['(evil.example)', '(`evil.example`)'],
    ['[x](https://e.example)', '`[x](https://e.example)`'],
    ['see e.g. this', 'see e.g. this'],
    ['Note: done', 'Note: done'],
  ])('mdText(%j) → %j', (input, expected) => {
    expect(mdText(input)).toBe(expected);
  });
});

describe('hosts and hidden characters, as the panel shows them', () => {
  it('a domain that mixes scripts in punycode, a one-script host with its punycode beside it', () => {
    const report = reports.northlightOk();
    report.poppy = reports.northlightPoppy({ organization: { name: 'Northlight', domain: 'pаypal.example', domainMatches: false } });
    const markdown = reportToMarkdown(report);
    expect(markdown).toContain(`\`${domainToASCII('pаypal.example')}\``);
    expect(markdown).not.toContain('pаypal');
    const nothing = reportToMarkdown({ ...reports.nothingPublished(), target: 'https://xn--mnchen-3ya.example', poppy: null });
    expect(lines(nothing)[0]).toBe('# Poppy Inspector report: `münchen.example` (`xn--mnchen-3ya.example`)');
  });

  it('bidi overrides, invisible and tag characters spelled out in names, values and code spans', () => {
    const report = reports.northlightOk();
    report.skills[0]!.name = 'bidi \u202Egnp.exe';
    report.skills[0]!.url = `${ORIGIN}/\u200Bskill`;
    report.findings = [reports.finding(reports.siteText('Inj\u202Eevil\u200D\u{E0041}'))];
    report.poppy!.excludedTasksRaw = { note: 'a\u202Eb' };
    const markdown = reportToMarkdown(report);
    expect(markdown).toContain('**bidi `⟨U+202E⟩gnp.exe`**');
    expect(markdown).toContain(`\`${ORIGIN}/⟨U+200B⟩skill\``);
    // A joiner after Latin letters is spelled out like overrides and tags (emoji and Persian keep theirs).
    expect(markdown).toContain('Inj⟨U+202E⟩evil⟨U+200D⟩⟨U+E0041⟩');
    expect(markdown).toContain('"note": "a\\u202eb"');
    expect(markdown).not.toMatch(/[\u202E\u200B\u{E0041}]/u);
  });
});

describe('escaping', () => {
  it.each([
    ['plain words', 'plain words'],
    ['# not a heading', '\\# not a heading'],
    ['- not a list', '\\- not a list'],
    ['+ not a list', '\\+ not a list'],
    ['1. not a list', '1\\. not a list'],
    ['a *b* _c_ `d` [e](f) <g> |h| ~i~ &amp; \\', 'a \\*b\\* \\_c\\_ \\`d\\` \\[e\\](f) \\<g\\> \\|h\\| \\~i\\~ \\&amp; \\\\'],
    ['two\nlines\r\n  here ', 'two lines here'],
  ])('mdText(%j) → %j', (input, expected) => {
    expect(mdText(input)).toBe(expected);
  });

  it.each([
    ['sha256:abc', '`sha256:abc`'],
    ['a`b', '``a`b``'],
    ['`x`', '`` `x` ``'],
    ['a ``` b', '````a ``` b````'],
  ])('mdCode(%j) → %j', (input, expected) => {
    expect(mdCode(input)).toBe(expected);
  });

  it('code spans read back as exactly the value', () => {
    for (const value of ['a`b', '`x`', 'a ``` b', '$["`]']) {
      const paragraph = fromMarkdown(mdCode(value)).children[0];
      expect(paragraph?.type === 'paragraph' && paragraph.children[0]).toMatchObject({ type: 'inlineCode', value });
    }
  });
});
