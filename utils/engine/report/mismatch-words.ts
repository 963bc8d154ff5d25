import type { MismatchCause } from './report';

/** Plain English for each byte-level cause: in findings, the command line and the Markdown export. */
export const MISMATCH_CAUSE_TEXT: Readonly<Record<MismatchCause, string>> = {
  'crlf-to-lf':
    'The published digest matches this file with Windows line endings (CRLF) turned into LF: the file was probably re-saved after the digest was computed.',
  'lf-to-crlf':
    'The published digest matches this file with its line endings turned into Windows line endings (CRLF): the digest was probably computed on a Windows copy of the file.',
  'bom-removed':
    'The published digest matches this file without its leading byte order mark (BOM): an editor probably added the mark after the digest was computed.',
  'bom-added':
    'The published digest matches this file with a byte order mark (BOM) added at the start: the digest was probably computed on a copy saved with a BOM.',
  'final-newline-added':
    'The published digest matches this file with a line break added at the end: the final line break was probably removed after the digest was computed.',
  'final-newline-removed':
    'The published digest matches this file without its final line break: one was probably added after the digest was computed.',
  'content-encoding':
    'The server labels the archive as compressed in transit (Content-Encoding: gzip), so clients receive it unpacked: serve .tar.gz files without Content-Encoding.',
  'html-body': 'The server answered with an HTML page (a soft 404 or a sign-in page), not the skill file.',
};

export function describeCauses(causes: readonly MismatchCause[]): string {
  return causes.map((c) => MISMATCH_CAUSE_TEXT[c]).join(' ');
}
