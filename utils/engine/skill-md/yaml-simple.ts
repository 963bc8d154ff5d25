/**
 * Nearly every frontmatter is a few `key: value` lines of text. Reading those without the YAML
 * parser removes most of the cost of checking a SKILL.md (the parser builds a CST, a document and
 * nodes per file, and the checks then walk them). This reader accepts only a narrow subset whose
 * meaning is the same under every YAML 1.2 reading: top-level keys whose values are all strings,
 * with no anchors, tags, flow collections or comments. It returns those pairs, in order, or null
 * for anything else, which the caller then gives to the full parser. The checks read both the
 * same way; tests/engine/skill-md/yaml-simple.test.ts compares the two paths over every fixture and
 * checklist SKILL.md and over generated lines.
 */
export function readSimpleMapping(yaml: string): [string, string][] | null {
  // A `---` inside is reported from the parser's source ranges; a bare CR is a YAML line break.
  if (!yaml.endsWith('\n') || yaml.includes('---') || /\r(?!\n)/.test(yaml)) return null;
  const lines = yaml.split('\n');
  lines.pop(); // the empty string after the final line break
  if (lines.length === 0 || lines.length > MAX_LINES) return null;
  const pairs: [string, string][] = [];
  const seen = new Set<string>();
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const colon = line.indexOf(': ');
    if (colon === -1) return null;
    const key = line.slice(0, colon);
    if (!KEY.test(key) || NOT_TEXT.test(key) || seen.has(key)) return null; // duplicates: the parser's error
    const value = scalarText(line.slice(colon + 2));
    if (value === null) return null;
    seen.add(key);
    pairs.push([key, value]);
  }
  return pairs;
}

/** More lines than a real frontmatter has: leave such files to the parser. */
const MAX_LINES = 64;

/** A plain key that the core schema reads as a string; implicit keys may not exceed 1024 chars. */
const KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/** Plain scalars the 1.2 core schema resolves to null or a boolean; numbers start with [-+.0-9]. */
const NOT_TEXT = /^(?:[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE)$/;

/**
 * Printable characters only (no tab, no C0/C1 controls, no DEL, no BOM or line/paragraph
 * separators, no non-characters U+FFFE/U+FFFF): nothing a parser might treat specially.
 */
const PRINTABLE = /^[\x20-\x7e\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\u{10000}-\u{10ffff}]*$/u;

/** First characters that are YAML indicators, or that may start a number, null or a space. */
const PLAIN_START = /^[^-?:,[\]{}#&*!|>'"%@`+.0-9~ ]/;

/** `: ` starts a nested map, ` #` a comment; a trailing `:` or space changes the reading. */
const PLAIN_BREAKS = /: | #|[: ]$/;

const SINGLE_QUOTED = /^'((?:[^']|'')*)'$/;

/** The escapes JSON and YAML share, with the same meaning in both. */
const DOUBLE_QUOTED = /^"((?:[^"\\]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*)"$/;

/** The string a single-line value stands for, or null when the value is outside the subset. */
function scalarText(value: string): string | null {
  if (!PRINTABLE.test(value)) return null;
  if (value.startsWith("'")) {
    const single = SINGLE_QUOTED.exec(value);
    return single ? single[1]!.replaceAll("''", "'") : null;
  }
  // Within DOUBLE_QUOTED, the value is also a JSON string literal that means the same text.
  if (value.startsWith('"')) return DOUBLE_QUOTED.test(value) ? (JSON.parse(value) as string) : null;
  if (!PLAIN_START.test(value) || PLAIN_BREAKS.test(value) || NOT_TEXT.test(value)) return null;
  return value;
}
