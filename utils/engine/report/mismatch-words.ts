import type { MismatchCause } from './report';
import { sentences, sentence, type ListParam, type Sentence } from './words';

/**
 * One sentence per byte-level cause of a digest mismatch: in the panel, the findings, the
 * command line and the Markdown export alike.
 */
export const MISMATCH_CAUSE_WORDS: Readonly<Record<MismatchCause, Sentence<readonly []>>> = {
  'crlf-to-lf': sentence('causeCrlfToLf', []),
  'lf-to-crlf': sentence('causeLfToCrlf', []),
  'bom-removed': sentence('causeBomRemoved', []),
  'bom-added': sentence('causeBomAdded', []),
  'final-newline-added': sentence('causeFinalNewlineAdded', []),
  'final-newline-removed': sentence('causeFinalNewlineRemoved', []),
  'content-encoding': sentence('causeContentEncoding', []),
  'html-body': sentence('causeHtmlBody', []),
};

/** The causes as sentences one after another, for the digest-mismatch finding. */
export function describeCauses(causes: readonly MismatchCause[]): ListParam {
  return sentences(causes.map((c) => MISMATCH_CAUSE_WORDS[c]({})));
}
