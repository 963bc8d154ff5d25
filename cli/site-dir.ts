/**
 * A directory laid out like a site's root (`<dir>/.well-known/poppy.json`, …): is an argument
 * one, and which origin do its absolute URLs belong to (`--origin`, else poppy.json's
 * `organization.domain`).
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { declaredOrigin } from '../utils/engine/poppy/declared-origin';
import { WELL_KNOWN } from '../utils/engine/spec';
import { CLI_LIMITS } from './network-options';
import { indexFiles } from './index/site-access';

export async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}

export async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

/** `<dir>` + a site path such as `/.well-known/poppy.json`. */
export function fileOf(dir: string, sitePath: string): string {
  return join(dir, ...sitePath.split('/').filter(Boolean));
}

/** A failure says whether `--origin` itself was wrong (a usage error) or the directory is. */
export type OriginChoice = { ok: true; origin: string; from: 'option' | 'domain' } | { ok: false; message: string; option: boolean };

const PASS_ORIGIN = 'pass --origin https://your.site (the origin these files are served at).';

/**
 * The site's origin for a directory: `--origin` when given, else https:// + organization.domain
 * of its poppy.json (`hasPoppy`: whether the directory has one).
 */
export async function originForDirectory(dir: string, option: string | undefined, hasPoppy = true): Promise<OriginChoice> {
  if (option !== undefined) {
    const url = URL.canParse(option) ? new URL(option) : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin === 'null') {
      return { ok: false, message: `--origin wants an https:// or http:// origin, got "${option}".`, option: true };
    }
    return { ok: true, origin: url.origin, from: 'option' };
  }
  const poppy = WELL_KNOWN.poppy.slice(1);
  if (!hasPoppy) return { ok: false, message: `no ${poppy} in ${dir} to take the site's origin from; ${PASS_ORIGIN}`, option: false };
  const origin = await declaredOriginOf(fileOf(dir, WELL_KNOWN.poppy));
  if (origin === null) {
    return { ok: false, message: `cannot tell the site's origin: ${poppy} names no organization.domain; ${PASS_ORIGIN}`, option: false };
  }
  return { ok: true, origin, from: 'domain' };
}

/**
 * The origin poppy.json's `organization.domain` names (utils/engine/poppy/declared-origin.ts),
 * read as the check reads a file: a link out of its folder, a FIFO or a huge file names none.
 */
async function declaredOriginOf(file: string): Promise<string | null> {
  const read = await indexFiles(dirname(file))
    .then((files) => files.read(basename(file), CLI_LIMITS.poppyBytes))
    .catch(() => null);
  return read?.kind === 'ok' ? declaredOrigin(new TextDecoder().decode(read.bytes)) : null;
}
