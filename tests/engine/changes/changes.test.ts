import { describe, expect, it } from 'vitest';
import { changesBetween, changeWords, fingerprint, lineDiff, type SiteFingerprint } from '../../../utils/engine/changes';
import { renderText } from '../../../utils/engine/report/render';
import { LINE_DIFF_CELLS_MAX, LINE_DIFF_LINES_SHOWN } from '../../../utils/engine/spec';
import { ENGLISH } from '../../helpers/english';

const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;

function site(over: Partial<SiteFingerprint> = {}): SiteFingerprint {
  return {
    poppy: true,
    issuer: 'https://id.flowers.example',
    domain: 'flowers.example',
    scopes: { direct: ['orders:read'] },
    apis: [{ type: 'openapi', url: 'https://api.flowers.example/openapi.json', resource: 'https://api.flowers.example' }],
    excludedTasks: ['Pay with a stored card'],
    skills: { 'find-flowers': { digest: D1, url: 'https://flowers.example/s/find-flowers/SKILL.md', status: 'verified' } },
    ...over,
  };
}

const say = (f: SiteFingerprint, g: SiteFingerprint) => changesBetween(f, g).map((c) => renderText(ENGLISH, changeWords(c)));

describe('fingerprint', () => {
  it('keeps the fields that matter for trust, from a report or an earlier JSON report alike', () => {
    const f = fingerprint({
      poppy: {
        issuer: 'https://id.flowers.example',
        organization: { name: 'Flowers', domain: 'flowers.example', domainMatches: true },
        signInTypes: [
          {
            type: 'direct',
            scopes: [
              { name: 'b', description: null },
              { name: 'a', description: 'A' },
            ],
          },
        ],
        apis: [{ type: 'mcp', url: 'https://mcp.flowers.example', description: 'd', resource: null }],
        excludedTasks: ['x'],
      },
      skills: [
        { name: 'one', url: 'https://flowers.example/one', status: 'verified', expectedDigest: D1, actualDigest: D1 },
        { name: 'two', url: null, status: 'unreachable', expectedDigest: null, actualDigest: null },
      ],
    });
    expect(f).toEqual({
      poppy: true,
      issuer: 'https://id.flowers.example',
      domain: 'flowers.example',
      scopes: { direct: ['a', 'b'] },
      apis: [{ type: 'mcp', url: 'https://mcp.flowers.example', resource: null }],
      excludedTasks: ['x'],
      skills: {
        one: { digest: D1, url: 'https://flowers.example/one', status: 'verified' },
        two: { digest: null, url: null, status: 'unreachable' },
      },
      skillsWhole: true,
    });
    expect(JSON.parse(JSON.stringify(f))).toEqual(f);
  });
});

describe('changesBetween', () => {
  it('says nothing when nothing changed', () => {
    expect(changesBetween({ ...site(), checkedAt: '2026-12-01T00:00:00Z' }, site())).toEqual([]);
  });

  it('puts an issuer change first, marked loud', () => {
    const changes = changesBetween(site(), site({ issuer: 'https://id.evil.example', excludedTasks: [] }));
    expect(changes[0]).toEqual({
      kind: 'issuer-changed',
      loud: true,
      before: 'https://id.flowers.example',
      after: 'https://id.evil.example',
    });
    expect(say(site(), site({ issuer: null }))).toEqual([
      expect.stringMatching(/^The sign-in issuer changed from https:\/\/id\.flowers\.example to none\. /),
    ]);
  });

  it('tells the organization domain', () => {
    expect(changesBetween(site(), site({ domain: 'flowers.test' }))).toEqual([
      { kind: 'domain-changed', before: 'flowers.example', after: 'flowers.test' },
    ]);
  });

  it('tells scopes added and removed per sign-in type', () => {
    const after = site({ scopes: { direct: ['orders:write'], device: ['orders:read'] } });
    expect(changesBetween(site(), after)).toEqual([
      { kind: 'scopes-added', signIn: 'device', scopes: ['orders:read'] },
      { kind: 'scopes-added', signIn: 'direct', scopes: ['orders:write'] },
      { kind: 'scopes-removed', signIn: 'direct', scopes: ['orders:read'] },
    ]);
    expect(say(site(), after)[1]).toBe('Sign-in type `direct` now offers more scopes: orders:write');
  });

  it('tells excluded tasks removed and added', () => {
    expect(changesBetween(site(), site({ excludedTasks: ['Close the account'] }))).toEqual([
      { kind: 'excluded-task-removed', task: 'Pay with a stored card' },
      { kind: 'excluded-task-added', task: 'Close the account' },
    ]);
  });

  it('tells APIs moved, added and removed', () => {
    const api = site().apis[0]!;
    const moved = { ...api, url: 'https://api.elsewhere.example/openapi.json' };
    expect(changesBetween(site(), site({ apis: [moved] }))).toEqual([{ kind: 'api-moved', type: 'openapi', before: api, after: moved }]);
    const resource = { ...api, resource: 'https://api.elsewhere.example' };
    expect(changesBetween(site(), site({ apis: [resource] }))).toEqual([
      { kind: 'api-moved', type: 'openapi', before: api, after: resource },
    ]);
    const mcp = { type: 'mcp', url: 'https://mcp.flowers.example', resource: null };
    expect(changesBetween(site(), site({ apis: [mcp] }))).toEqual([
      { kind: 'api-removed', api },
      { kind: 'api-added', api: mcp },
    ]);
    expect(say(site(), site({ apis: [mcp] }))).toEqual([
      'No longer listed: OpenAPI description at https://api.flowers.example/openapi.json (https://api.flowers.example)',
      'Newly listed: MCP server at https://mcp.flowers.example',
    ]);
  });

  it('tells skills added, removed and rewritten', () => {
    const one = site().skills['find-flowers']!;
    const two = { digest: D2, url: 'https://flowers.example/s/order/SKILL.md', status: 'verified' };
    expect(changesBetween(site(), site({ skills: { order: two } }))).toEqual([
      { kind: 'skill-removed', skill: 'find-flowers', before: one },
      { kind: 'skill-added', skill: 'order', after: two },
    ]);
    const rewritten = { ...one, digest: D2 };
    expect(changesBetween(site(), site({ skills: { 'find-flowers': rewritten } }))).toEqual([
      { kind: 'skill-changed', skill: 'find-flowers', before: one, after: rewritten },
    ]);
    expect(say(site(), site({ skills: { 'find-flowers': rewritten } }))).toEqual([
      `Skill find-flowers was rewritten: its digest went from \`${D1}\` to \`${D2}\``,
    ]);
  });

  it('adds a line diff when both texts are kept', () => {
    const texts = new Map([
      [D1, '# Find flowers\n\nSearch the catalog.\n'],
      [D2, '# Find flowers\n\nSearch the catalog and pay.\n'],
    ]);
    const after = site({ skills: { 'find-flowers': { ...site().skills['find-flowers']!, digest: D2 } } });
    const [change] = changesBetween(site(), after, (d) => texts.get(d) ?? null);
    expect(change?.kind === 'skill-changed' && change.diff).toEqual({
      lines: [
        { op: ' ', text: '# Find flowers' },
        { op: ' ', text: '' },
        { op: '-', text: 'Search the catalog.' },
        { op: '+', text: 'Search the catalog and pay.' },
        { op: ' ', text: '' },
      ],
      omitted: 0,
      coarse: false,
    });
    const [without] = changesBetween(site(), after, (d) => (d === D1 ? null : texts.get(d)!));
    expect(without).not.toHaveProperty('diff');
  });

  it('past our skill cap, a name unknown is not a skill added or removed', () => {
    const two = { digest: D2, url: 'https://flowers.example/s/order/SKILL.md', status: 'verified' };
    const both = { ...site().skills, order: two };
    // "Check the remaining N" reads past the cap: the skill was there all along.
    expect(changesBetween(site({ skillsWhole: false }), site({ skills: both }))).toEqual([]);
    // A later check cut short by the cap: the skill past it was not removed.
    expect(changesBetween(site({ skills: both }), site({ skillsWhole: false }))).toEqual([]);
    // A whole list on both sides still tells it, and an earlier memory without the flag reads as whole.
    expect(changesBetween(site(), site({ skills: both })).map((c) => c.kind)).toEqual(['skill-added']);
    expect(fingerprint({ poppy: null, skills: [], cap: { unlisted: 19 } }).skillsWhole).toBe(false);
    expect(fingerprint({ poppy: null, skills: [], cap: null }).skillsWhole).toBe(true);
  });

  it('does not read a check without poppy.json as everything in it removed', () => {
    expect(changesBetween(site(), site({ poppy: false, issuer: null, scopes: {}, apis: [], excludedTasks: [] }))).toEqual([]);
  });
});

describe('lineDiff', () => {
  it('aligns lines by their longest common subsequence', () => {
    expect(lineDiff('a\nb\nc\nd', 'a\nc\nx\nd').lines).toEqual([
      { op: ' ', text: 'a' },
      { op: '-', text: 'b' },
      { op: ' ', text: 'c' },
      { op: '+', text: 'x' },
      { op: ' ', text: 'd' },
    ]);
  });

  it('stays within its table and its shown lines whatever the size', () => {
    const side = Math.ceil(Math.sqrt(LINE_DIFF_CELLS_MAX)) + 10;
    const old = Array.from({ length: side }, (_, i) => `old ${i}`).join('\n');
    const fresh = Array.from({ length: side }, (_, i) => `new ${i}`).join('\n');
    const started = performance.now();
    const diff = lineDiff(old, fresh);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(diff.coarse).toBe(true);
    expect(diff.lines).toHaveLength(LINE_DIFF_LINES_SHOWN);
    expect(diff.omitted).toBe(2 * side - LINE_DIFF_LINES_SHOWN);
    expect(lineDiff('a\nb', 'a\nc').coarse).toBe(false);
  });
});
