/**
 * What the engine remembers of skill files between checks (D5, revised): for each URL, the
 * validators it sent with a body that verified, and that body. A status never comes from it: the
 * URL is always asked, and only a `304 Not Modified` to those validators lets the kept body stand
 * in for the answer. Bodies kept by digest also feed the panel's preview.
 *
 * One batch per check: one `recall` before the first skill request, answers queued with `keep`
 * (which returns at once: storage never sits inside a request's pool slot) and written by the
 * store after the check (docs/benchmarks.md). The CLI keeps none.
 */
import type { Validators } from '../net/fetch-types';

/** What a URL answered last time its body verified. */
export interface Remembered extends Validators {
  /** SHA-256 of the kept body, lower-case hex. */
  digestHex: string;
  /** Media-type essence it was served with (a 304 need not repeat it). */
  contentType: string | null;
  /** Whether it carried `Access-Control-Allow-Origin` (a 304 need not repeat it). */
  cors: boolean;
  /** Its Cache-Control, for a discovery document (a 304 need not repeat it). */
  cacheControl?: string | null;
  /** The kept body, read while the requests run (the validators alone are enough to ask); null
   *  when it is gone from the store, and the URL is then asked again without validators. Never rejects. */
  bytes: Promise<Uint8Array | null>;
}

/** One URL's verified 200 answer to remember. */
export interface Kept extends Omit<Remembered, 'bytes'> {
  url: string;
  bytes: Uint8Array;
}

export interface SkillMemory {
  /** What is remembered for these URLs (those without are absent): one read of the store. */
  recall(urls: readonly string[]): Promise<ReadonlyMap<string, Remembered>>;
  /** Queues a verified answer with its validators; the store writes its queue later, bounded. */
  keep(answer: Kept): void;
  /** Queues a body for the preview only, vouched for by no URL (an archive's SKILL.md). */
  keepBody(digestHex: string, bytes: Uint8Array): void;
  /** A 304 let what is kept for `url` stand in: the store counts it as just used (its newest end
   *  of the eviction order), without writing the body again. */
  refresh(url: string): void;
}

/** A memory that lives as long as the process: for the bench and tests. */
export function inMemorySkillMemory(): SkillMemory & {
  readonly urls: ReadonlyMap<string, Omit<Kept, 'url'>>;
  readonly bodies: ReadonlyMap<string, Uint8Array>;
} {
  const urls = new Map<string, Omit<Kept, 'url'>>();
  const bodies = new Map<string, Uint8Array>();
  return {
    urls,
    bodies,
    recall(wanted) {
      const found = new Map<string, Remembered>();
      for (const url of wanted) {
        const kept = urls.get(url);
        if (kept) found.set(url, { ...kept, bytes: Promise.resolve(kept.bytes) });
      }
      return Promise.resolve(found);
    },
    keep({ url, ...rest }) {
      urls.set(url, rest);
      bodies.set(rest.digestHex, rest.bytes);
    },
    keepBody(hex, bytes) {
      bodies.set(hex, bytes);
    },
    // Nothing is evicted here; the order is kept as a store's would be.
    refresh(url) {
      const kept = urls.get(url);
      if (!kept) return;
      urls.delete(url);
      urls.set(url, kept);
    },
  };
}
