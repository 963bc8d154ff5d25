/**
 * A directory laid out like a site's root (`<dir>/.well-known/poppy.json`, …): is an argument
 * one, and which origin do its absolute URLs belong to (`--origin`, else poppy.json's
 * `organization.domain`).
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { POPPY, WELL_KNOWN } from '../utils/engine/spec';

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

export type OriginChoice = { ok: true; origin: string; from: 'option' | 'domain' } | { ok: false; message: string };

/** The site's origin for a directory: `--origin` when given, else https:// + organization.domain. */
export async function originForDirectory(dir: string, option: string | undefined): Promise<OriginChoice> {
  if (option !== undefined) {
    const url = URL.canParse(option) ? new URL(option) : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin === 'null') {
      return { ok: false, message: `--origin wants an https:// or http:// origin, got "${option}".` };
    }
    return { ok: true, origin: url.origin, from: 'option' };
  }
  const domain = await declaredDomain(fileOf(dir, WELL_KNOWN.poppy));
  if (domain === null) {
    return {
      ok: false,
      message: `cannot tell the site's origin: ${WELL_KNOWN.poppy} names no organization.domain; pass --origin https://your.site.`,
    };
  }
  return { ok: true, origin: new URL(`https://${domain}`).origin, from: 'domain' };
}

/** poppy.json's `organization.domain` when it is a plain host name; null otherwise. */
async function declaredDomain(file: string): Promise<string | null> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
  const organization = (value as Record<string, unknown> | null)?.[POPPY.organization];
  const domain = (organization as Record<string, unknown> | null | undefined)?.domain;
  if (typeof domain !== 'string' || !/^[a-z0-9.-]+(:\d+)?$/i.test(domain)) return null;
  return URL.canParse(`https://${domain}`) ? domain : null;
}
