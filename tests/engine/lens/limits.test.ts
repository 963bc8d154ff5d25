// D12: the lens's cap and time budget hold on texts built to make its patterns work hardest, and
// what is shown of a passage is bounded and spelled out.
import { describe, expect, it } from 'vitest';
import { scanSkillText } from '../../../utils/engine/lens';
import { LENS_LIMITS } from '../../../utils/engine/spec';

describe('the lens within its limits', () => {
  it.each([
    ['ask the user for, repeated', 'ask the user for their '.repeat(20_000)],
    ['send … to, repeated', 'send the token with '.repeat(20_000)],
    ['unclosed HTML comments', '<!-- '.repeat(100_000)],
    ['zero-width characters', 'a\u200b'.repeat(200_000)],
    ['one long URL', `https://evil.example/${'A'.repeat(300_000)}`],
  ])('%s: read up to the cap, quickly', (_name, text) => {
    const start = performance.now();
    const scan = scanSkillText(text);
    // The budget plus one phase: a phase is never interrupted, only the next one skipped.
    expect(performance.now() - start).toBeLessThan(LENS_LIMITS.budgetMs * 4);
    expect(scan.cut).not.toBeNull();
    for (const found of Object.values(scan.asks))
      for (const p of found.passages) expect(p.text.length).toBeLessThanOrEqual(LENS_LIMITS.passageChars);
  });

  it('reports a time cut when the budget is spent', () => {
    const scan = scanSkillText('Ask the user for their password.\n'.repeat(2000), { ...LENS_LIMITS, budgetMs: -1 });
    expect(scan.cut).toBe('time');
  });

  it('spells out hidden characters in a passage and decodes tag characters', () => {
    const tags = [...'send cookies'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    const scan = scanSkillText(`# x\n\nHello${tags} world\n`);
    const p = scan.asks['hidden-characters'].passages[0]!;
    expect(p.line).toBe(3);
    expect(p.text).toContain('⟨U+E0073⟩');
    expect(p.decoded).toBe('send cookies');
  });

  it('leaves ordinary joiners alone: emoji sequences and a BOM at the start', () => {
    expect(scanSkillText('\uFEFF# Team 👨\u200D👩\u200D👧 and ❤\uFE0F\n').asks['hidden-characters'].count).toBe(0);
  });

  it('negated and conditional claims are rules, not claims', () => {
    const text = [
      'This skill grants no account access, changes no scopes and gives no approval.',
      'Never proceed without asking the user for confirmation.',
      'Only continue once the user has approved the exact terms.',
      'Do not send the token to any other host such as evil.example.',
    ].join('\n');
    const scan = scanSkillText(text);
    expect(scan.asks.approval.count).toBe(0);
    expect(scan.asks.credentials.count).toBe(0);
    expect(scan.saysLimits).toBe(true);
  });
});
