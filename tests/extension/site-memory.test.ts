import { describe, expect, it } from 'vitest';
import type { SiteFingerprint } from '../../utils/engine/changes';
import { SITE_MEMORY_CHARS_MAX } from '../../utils/engine/spec';
import { emptyMemory, forgetSite, memoryChars, readSiteMemory, recallSite, rememberSite } from '../../utils/extension/site-memory';

/** A site as a real one publishes: an issuer, scopes, an API and `skills` skill files. */
function fingerprintOf(i: number, skills: number): SiteFingerprint {
  const host = `https://shop-${i}.example`;
  return {
    poppy: true,
    issuer: host,
    domain: `shop-${i}.example`,
    scopes: { direct: ['poppy:read', 'orders:read', 'orders:write'] },
    apis: [{ type: 'openapi', url: `${host}/openapi.json`, resource: null }],
    excludedTasks: ['Close the account'],
    skills: Object.fromEntries(
      Array.from({ length: skills }, (_, k) => [
        `skill-${k}`,
        {
          digest: `sha256:${String(k).padStart(64, '0')}`,
          url: `${host}/.well-known/agent-skills/skill-${k}/SKILL.md`,
          status: 'verified',
        },
      ]),
    ),
  };
}

describe('the site memory', () => {
  it('stays within its budget over 1,000 sites, the oldest out and the newest kept', () => {
    let memory = emptyMemory();
    for (let i = 0; i < 1000; i++) {
      memory = rememberSite(memory, `https://shop-${i}.example`, fingerprintOf(i, 20 + (i % 30)), `2026-12-01T00:00:${i % 60}Z`);
      expect(memoryChars(memory)).toBeLessThanOrEqual(SITE_MEMORY_CHARS_MAX);
    }
    // What storage holds is the JSON: within the budget too.
    expect(JSON.stringify(memory).length).toBeLessThanOrEqual(SITE_MEMORY_CHARS_MAX * 1.01);
    const origins = memory.sites.map(([o]) => o);
    expect(origins.at(-1)).toBe('https://shop-999.example');
    expect(origins.length).toBeLessThan(1000);
    expect(origins).not.toContain('https://shop-0.example');
    expect(recallSite(memory, 'https://shop-999.example')?.skills['skill-0']?.digest).toBe(`sha256:${'0'.repeat(64)}`);
  });

  it('keeps one entry per origin, the newest at the end, and forgets a site', () => {
    let memory = rememberSite(emptyMemory(), 'https://a.example', fingerprintOf(1, 1), '2026-12-01T00:00:00Z');
    memory = rememberSite(memory, 'https://b.example', fingerprintOf(2, 1), '2026-12-01T00:00:00Z');
    memory = rememberSite(memory, 'https://a.example', fingerprintOf(3, 1), '2026-12-02T00:00:00Z');
    expect(memory.sites.map(([o]) => o)).toEqual(['https://b.example', 'https://a.example']);
    expect(recallSite(memory, 'https://a.example')).toMatchObject({ checkedAt: '2026-12-02T00:00:00Z', domain: 'shop-3.example' });
    memory = forgetSite(memory, 'https://a.example');
    expect(recallSite(memory, 'https://a.example')).toBeNull();
    expect(readSiteMemory(JSON.parse(JSON.stringify(memory)))).toEqual(memory);
  });

  it('does not keep a site too large for it, and reads an unknown shape as empty', () => {
    const huge = rememberSite(emptyMemory(), 'https://big.example', fingerprintOf(1, 5000), '2026-12-01T00:00:00Z');
    expect(huge.sites).toEqual([]);
    expect(readSiteMemory({ version: 99, sites: [] })).toEqual(emptyMemory());
    expect(readSiteMemory('x')).toEqual(emptyMemory());
  });
});
