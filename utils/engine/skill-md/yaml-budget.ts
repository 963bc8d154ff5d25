import { CST, Lexer } from 'yaml';
import { FRONTMATTER_LIMITS } from '../spec';

/** Why a frontmatter is not given to the YAML parser: too many tokens, or flow nesting too deep. */
export type YamlTooComplex = { over: 'tokens' | 'depth'; max: number };

/**
 * A linear look at the frontmatter before the parser sees it. The `yaml` package's cost is not
 * linear in its input: an error object per stray indicator (`: : :`), a duplicate-key scan per
 * key, nesting that recurses; 32 KiB of `: : : [` once took 1.4 s. Bounding the tokens bounds all
 * of that, and a real frontmatter has a few dozen lines (about seven tokens each). The lexer
 * stops at the first token past a bound, so this costs at most the bound's worth of lexing.
 */
export function screenYaml(yaml: string): YamlTooComplex | null {
  let tokens = 0;
  let depth = 0;
  let scalarText = false;
  for (const token of new Lexer().lex(yaml)) {
    if (++tokens > FRONTMATTER_LIMITS.tokens) return { over: 'tokens', max: FRONTMATTER_LIMITS.tokens };
    // The lexer announces a plain or block scalar with a marker, then yields its text: that text
    // is content, never an indicator, whatever it looks like.
    if (scalarText) {
      scalarText = false;
      continue;
    }
    if (token === CST.SCALAR) scalarText = true;
    else if (token === '[' || token === '{') {
      if (++depth > FRONTMATTER_LIMITS.flowDepth) return { over: 'depth', max: FRONTMATTER_LIMITS.flowDepth };
    } else if ((token === ']' || token === '}') && depth > 0) depth--;
  }
  return null;
}
