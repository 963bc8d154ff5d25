import { escapeHiddenInJson, revealHidden } from '../utils/engine/text/reveal';

/** ANSI styling, only when writing to a terminal that wants colour (NO_COLOR is honoured). */
export interface Style {
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
const plain = (s: string) => s;

export function createStyle(color: boolean): Style {
  if (!color) return { red: plain, green: plain, yellow: plain, dim: plain, bold: plain };
  return { red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}

export function wantsColor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY);
}

/** The terminal's width for wrapping the human report; null when the output is not a terminal
 *  (a CI log or a pipe keeps whole lines for grep), unless COLUMNS says otherwise. */
export function terminalWidth(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): number | null {
  const fromEnv = Number(env.COLUMNS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return Math.max(40, fromEnv);
  return stream.isTTY && stream.columns > 0 ? Math.max(40, stream.columns) : null;
}

/**
 * Site content reaches the terminal through these two, and nothing else: escape sequences could
 * rewrite the screen or the title, a line break would let a site print a line of its own (a fake
 * `Verdict: OK`), and bidi, zero-width, tag and other hidden characters would let what a site
 * wrote disguise itself. Both use the engine's one rule (utils/engine/text/reveal.ts): by Unicode
 * property, not a list of ours.
 */
export function safeText(s: string): string {
  return revealHidden(s);
}

/** JSON for stdout or a file: the same value, every hidden character (C1 controls too) escaped. */
export function safeJson(value: unknown, indent = 2): string {
  return escapeHiddenInJson(JSON.stringify(value, null, indent));
}
