/**
 * The check's side of the skill memory (memory.ts) and of the site's Cache-Control: which URLs
 * to recall, what to keep, and the shortest time the site's own answers may be reused.
 */
import { freshness } from '../net/http-freshness';
import type { MergedEntry } from '../skill-index';
import { WELL_KNOWN } from '../spec';
import type { CheckContext } from './context';
import type { Kept } from './memory';

/** One batched read of what earlier checks kept for these URLs; none on a re-check ("Check again"
 *  asks for everything whole). A store that fails to answer costs whole requests, never a result. */
export async function recallUrls(urls: readonly string[], ctx: CheckContext): Promise<void> {
  if (!ctx.memory || ctx.revalidate || urls.length === 0) return;
  try {
    const got = await ctx.memory.recall(urls);
    if (got.size > 0) ctx.remembered = new Map([...ctx.remembered, ...got]);
  } catch {
    // Asked whole, then.
  }
}

/** The discovery documents: asked conditionally with what they sent last time (docs/extension.md, "How often a site is asked"). */
export const discoveryUrls = (origin: string) =>
  [WELL_KNOWN.poppy, WELL_KNOWN.skillIndex, WELL_KNOWN.legacySkillIndex].map((p) => origin + p);

/** The SKILL.md files to ask conditionally. Archives are judged on the bytes served in this
 *  check, every time (verify-archive.ts), so they are never asked with validators. */
export function skillMdUrls(merged: readonly MergedEntry[]): string[] {
  const pending = merged.filter((m) => m.entry.status === 'pending' && m.entry.type !== 'archive' && m.entry.url);
  return [...new Set(pending.map((m) => m.entry.url!))];
}

/** Queues an answer for the next check; a store that throws only costs a later whole request. */
export function keepAnswer(ctx: CheckContext, answer: Kept): void {
  try {
    ctx.memory?.keep(answer);
  } catch {
    // Not kept.
  }
}

/** A 304 let the kept answer for `url` stand in: the store keeps it as just used. */
export function refreshAnswer(ctx: CheckContext, url: string): void {
  try {
    ctx.memory?.refresh(url);
  } catch {
    // Its place in the store's order only.
  }
}

/** Lowers the check's `serverFreshMs` to what this answer's Cache-Control allows (RFC 9111). */
export function noteFreshness(ctx: CheckContext, cacheControl: string | null | undefined, age?: string | null): void {
  const { forMs } = freshness(cacheControl, age);
  if (forMs !== null) ctx.serverFreshMs = Math.min(ctx.serverFreshMs ?? forMs, forMs);
}
