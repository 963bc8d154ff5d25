import { toUnicode } from 'punycode.js';
import { revealHidden } from './reveal';

/**
 * How a hostname is shown to a person. `shown` is the Unicode form when every label keeps to one
 * script (or a combination a language writes together, UTS #39 "highly restrictive"), else the
 * punycode: `xn--pypal-4ve.example` rather than `pаypal.example` with a Cyrillic а. `ascii` is
 * always the punycode form, for the UI to show beside a Unicode `shown` (a label in one foreign
 * script can still imitate Latin, `аррӏе`, and the punycode gives that away).
 */
export interface HostDisplay {
  shown: string;
  ascii: string;
  mixedScripts: boolean;
}

/** Scripts a hostname label may be written in; a letter in none of them counts as its own. */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
  'Yi',
  'Tifinagh',
  'Canadian_Aboriginal',
].map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, 'u')] as const);

const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** Script sets one language writes together (UTS #39 §5.2, highly restrictive). */
const ALLOWED_MIXES = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
].map((set) => new Set(set));

/**
 * A host as one line of text for a person (the panel, the command line, the Markdown export):
 * punycode when its labels mix scripts (a Cyrillic `а` in `pаypal.example`), else Unicode with the
 * punycode beside it when they differ (`münchen.example (xn--mnchen-3ya.example)`). `host` may
 * carry a port (URL.host); the port is digits, shown as is.
 */
export function hostText(host: string): string {
  const [, name, port] = /^(\[[^\]]*\]|[^:]*)(:\d+)?$/.exec(host) ?? [host, host, undefined];
  const shown = displayHost(name!);
  const text = shown.shown === shown.ascii ? shown.shown : `${shown.shown} (${shown.ascii})`;
  return `${text}${port ?? ''}`;
}

export function displayHost(hostname: string): HostDisplay {
  const ascii = toAscii(hostname);
  if (ascii === null) return { shown: revealHidden(hostname), ascii: revealHidden(hostname), mixedScripts: false };
  if (!/(^|\.)xn--/i.test(ascii)) return { shown: ascii, ascii, mixedScripts: false };
  let unicode: string;
  try {
    unicode = toUnicode(ascii);
  } catch {
    return { shown: ascii, ascii, mixedScripts: false };
  }
  const mixedScripts = unicode.split('.').some((label) => !singleScript(label));
  return { shown: mixedScripts ? ascii : revealHidden(unicode), ascii, mixedScripts };
}

/** The WHATWG URL parser's IDNA processing (mapping, case folding, punycode), or null if invalid. */
function toAscii(hostname: string): string | null {
  // Only a host: `bank.example@evil.example` or `a.example/b` must not be read as a URL.
  if (/[/?#@\\:\s]/.test(hostname.replace(/^\[[0-9A-Fa-f:.]*\]$/, ''))) return null;
  try {
    const host = new URL(`https://${hostname}/`).hostname;
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

export function scriptsOf(label: string): Set<string> {
  const scripts = new Set<string>();
  for (const ch of label) {
    if (NEUTRAL.test(ch)) continue;
    scripts.add(SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? `U+${ch.codePointAt(0)!.toString(16)}`);
  }
  return scripts;
}

function singleScript(label: string): boolean {
  const scripts = scriptsOf(label);
  if (scripts.size <= 1) return true;
  return ALLOWED_MIXES.some((allowed) => [...scripts].every((s) => allowed.has(s)));
}
