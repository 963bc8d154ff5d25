import type { MismatchCause } from '../report';

/** Plain English for each byte-level cause, used in findings and by the command line. */
export const MISMATCH_CAUSE_TEXT: Readonly<Record<MismatchCause, string>> = {
  'crlf-to-lf': 'The published digest matches this file with Windows line ends (CRLF) turned into LF: the file was probably re-saved after the digest was computed.',
  'lf-to-crlf': 'The published digest matches this file with LF line ends turned into CRLF: the digest was probably computed on a Windows checkout.',
  'bom-removed': 'The published digest matches this file without its leading byte order mark (BOM).',
  'bom-added': 'The published digest matches this file with a byte order mark (BOM) added: the digest was computed on a copy that had one.',
  'final-newline-added': 'The published digest matches this file with a final newline added.',
  'final-newline-removed': 'The published digest matches this file without its final newline.',
  'content-encoding': 'The server labels the archive as content-coded (Content-Encoding: gzip), so clients receive it unzipped; serve .tar.gz files without Content-Encoding.',
  'html-body': 'The server answered with an HTML page (a soft 404 or a login page), not the skill file.',
};

export function describeCauses(causes: readonly MismatchCause[]): string {
  return causes.map((c) => MISMATCH_CAUSE_TEXT[c]).join(' ');
}
