// Entry-name rules shared by tar and zip. The name checked is the one an extractor would write
// (PAX path, GNU long name, zip Unicode path), and each fallback name too: older tools use those.

import { revealHidden } from '../text/reveal';
import type { ArchiveLimits } from '../spec';
import type { ArchiveCode } from './codes';
import type { ProblemSink } from './problems';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** Bytes → text. Invalid UTF-8 is shown byte by byte (Latin-1) so the listing can still name it. */
export function decodeName(bytes: Uint8Array): { text: string; validUtf8: boolean; ascii: boolean } {
  const ascii = bytes.every((b) => b < 0x80);
  try {
    return { text: utf8.decode(bytes), validUtf8: true, ascii };
  } catch {
    return { text: Array.from(bytes, (b) => String.fromCharCode(b)).join(''), validUtf8: false, ascii };
  }
}

/** A display form bounded in length (a hostile name may be 64 KiB), with invisible, bidi and
 * control characters spelled out: `invoice\u202Efdp.exe` must not read as `invoiceexe.pdf`. */
export function displayName(name: string): string {
  const cut = name.length > 300 ? `${name.slice(0, 300)}…` : name;
  return revealHidden(cut);
}

export interface CheckedName {
  /** Segments joined by `/` without `.`/empty segments or a trailing `/`; absent when the name is unusable. */
  readonly normalized?: string;
  readonly endsWithSlash: boolean;
}

const DRIVE = /^[A-Za-z]:/;
// Characters Windows refuses in a file name, and C0/C1 controls (which also hide in a listing).
const NOT_PORTABLE_CHAR = /[<>:"|?*\u0001-\u001f\u007f-\u009f]/;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/** Checks one name, reports its problems under `entry` (display form) and returns its normal form.
 * A `fallback` name (what older tools would write instead) gets only the errors: its stand-in
 * characters (`caf?.md`) are no one's portability problem. */
export function checkName(
  name: string,
  sink: ProblemSink,
  limits: ArchiveLimits,
  entry = displayName(name),
  fallback = false,
): CheckedName {
  const endsWithSlash = name.endsWith('/');
  let usable = true;
  // Every code failed here but two names the entry alone.
  type EntryOnly = Exclude<ArchiveCode, 'archive-name-empty' | 'archive-name-too-long'>;
  const fail = (code: EntryOnly) => {
    sink.add(code as 'archive-name-nul', [entry], entry);
    usable = false;
  };
  if (name.length === 0) {
    sink.add('archive-name-empty', [], entry);
    return { endsWithSlash };
  }
  if (encoder.encode(name).length > limits.nameBytes) {
    sink.add('archive-name-too-long', [entry, limits.nameBytes], entry);
    usable = false;
  }
  if (name.includes('\0')) fail('archive-name-nul');
  if (name.startsWith('/')) fail('archive-name-absolute');
  if (DRIVE.test(name)) fail('archive-name-drive-letter');
  if (name.includes('\\')) fail('archive-name-backslash');
  // Windows extractors split on `\` too, so `a\..\b` climbs as well.
  const segments = name.split(/[/\\]/);
  if (segments.includes('..')) fail('archive-name-dot-dot');
  const inner = endsWithSlash ? segments.slice(0, -1) : segments;
  const kept = inner.filter((s) => s !== '' && s !== '.');
  if (!usable) return { endsWithSlash };
  if (fallback) return { normalized: kept.join('/'), endsWithSlash };
  if (kept.length !== inner.length) sink.add('archive-name-dot-segment', [entry], entry);
  if (kept.some((s) => NOT_PORTABLE_CHAR.test(s) || /[. ]$/.test(s) || WINDOWS_DEVICE.test(s))) {
    sink.add('archive-name-not-portable', [entry], entry);
  }
  // `./` alone (or `.`) is the root folder itself: normal form '' (a directory).
  return { normalized: kept.join('/'), endsWithSlash: endsWithSlash || kept.length === 0 };
}
