// The lens (D12): time per skill for a 10 KB SKILL.md (target: median ≤ 2 ms), and the time of
// hostile texts at its cap (LENS_LIMITS.textChars), where the budget (LENS_LIMITS.budgetMs) stops it.
import { judgeLens, NO_OFFER, scanSkillText } from '../utils/engine/lens';
import { LENS_LIMITS } from '../utils/engine/spec';
import { changeFlowerDelivery } from '../tests/fixtures/stores/northlight-skills';

/** A company skill's text, a shell block, links and a table, repeated to `size` characters. */
export function typicalSkill(size: number): string {
  const store = new TextDecoder().decode(changeFlowerDelivery.bytes);
  const more = [
    '\n## Setup\n\n```bash\nnpm install --save-dev @example/tool\nnpx example-tool init --yes\n```\n',
    '\nSee [the guide](https://docs.example.com/guide) and ![diagram](https://docs.example.com/d.png).\n',
    '\n| Field | Meaning |\n| --- | --- |\n| `status` | where the order is |\n| `items` | what is in it |\n',
    '\nNever place an order without the User approving the exact terms. You cannot cancel a delivery on its delivery day.\n',
  ];
  let text = store;
  for (let i = 0; text.length < size; i++) text += more[i % more.length];
  return text.slice(0, size);
}

/** Texts built to make a pattern work hardest: its prefix over and over, never completed. */
const HOSTILE: Record<string, string> = {
  'ask the user for, repeated': 'ask the user for their '.repeat(20_000),
  'send … to, repeated': 'send the token with '.repeat(20_000),
  'backticks and pipes': '`|'.repeat(200_000),
  'one long URL line': `https://evil.example/${'A'.repeat(300_000)}`,
  'zero-width characters': 'a\u200b'.repeat(200_000),
  'HTML comment openers': '<!-- '.repeat(100_000),
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

export function benchLens(): string[] {
  const text = typicalSkill(10 * 1024);
  for (let i = 0; i < 20; i++) scanSkillText(text);
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const start = performance.now();
    judgeLens(scanSkillText(text), { ...NO_OFFER, company: true }, { document: null, skill: 'bench' });
    times.push(performance.now() - start);
  }
  const lines = [
    `10 KB SKILL.md, scan and judge: median ${median(times).toFixed(3)} ms per skill (target ≤ 2 ms), p90 ${[...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)]!.toFixed(3)} ms`,
  ];
  for (const [name, hostile] of Object.entries(HOSTILE)) {
    const start = performance.now();
    const scan = scanSkillText(hostile);
    lines.push(
      `${name} (${hostile.length} chars): ${(performance.now() - start).toFixed(1)} ms, cut: ${scan.cut ?? 'no'} (budget ${LENS_LIMITS.budgetMs} ms)`,
    );
  }
  return lines;
}
