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

/**
 * Site content reaches the terminal: every control character is shown as `\uXXXX` (escape
 * sequences could rewrite the screen or the title, and a line break would let a site print a line
 * of its own, such as a fake `Verdict: OK`), and so are line and paragraph separators, bidi
 * overrides and zero-width characters, so what a site wrote cannot disguise itself.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function safeText(s: string): string {
  return s.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
