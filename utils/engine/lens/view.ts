import type { LensPassage, LensReport } from '../report/report';
import type { Words } from '../report/words';
import { LENS_ASK_WORDS, LENS_WORDS } from './words';

/** One line of "What this skill asks of an agent", as the panel shows it (components/SkillLens.tsx). */
export interface LensLine {
  words: Words;
  warning: boolean;
  /** Named items shown after the words, as code: commands, operations. */
  items: string[];
  /** Passages under the line (asks only). */
  passages: LensPassage[];
}

/** The lens's lines for the command line and the exports, in the panel's order. */
export function lensLines(lens: LensReport): LensLine[] {
  const out: LensLine[] = [];
  const line = (words: Words, items: string[] = [], warning = false, passages: LensPassage[] = []) =>
    out.push({ words, warning, items, passages });
  if (lens.asks.length === 0) line(LENS_WORDS.nothing({}));
  for (const ask of lens.asks) line(LENS_ASK_WORDS[ask.kind]({}), [], true, ask.passages);
  if (lens.commands.length > 0 && !lens.asks.some((a) => a.kind === 'runs-commands')) line(LENS_WORDS.commands({}), lens.commands);
  if (lens.hosts.length > 0) line(LENS_WORDS.hosts({}), lens.hosts);
  if (lens.notChecked) line(LENS_WORDS.notChecked({}), lens.notChecked.operations);
  line(lens.saysLimits ? LENS_WORDS.saysLimits({}) : LENS_WORDS.noLimits({}));
  if (lens.cut) line(LENS_WORDS.cut({}));
  return out;
}
