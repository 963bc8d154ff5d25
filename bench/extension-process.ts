// What the extension costs inside Chromium: its service worker's JavaScript heap (through the
// DevTools protocol) and its renderer process (the one with `--extension-process`, which runs the
// worker and the extension's pages) as the system sees it, from /proc.
import { readdirSync, readFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';
import { attach, evaluateIn, targets, type TargetSend } from './cdp-target';

/** Clock ticks per second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A process's arguments. Chromium's child processes rewrite their title into one string with
 *  spaces, so split on both (none of the arguments compared here holds a space). */
function cmdline(pid: string): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
  } catch {
    return [];
  }
}

const pids = () => readdirSync('/proc').filter((p) => /^\d+$/.test(p));

/**
 * The extension renderer of the browser that loaded `extensionDir`: the browser process names the
 * extension and its profile; the renderer carries the same profile and `--extension-process`.
 */
export function extensionRendererPid(extensionDir: string): string {
  const browser = pids()
    .map((pid) => ({ pid, args: cmdline(pid) }))
    .filter(({ args }) => !args.some((a) => a.startsWith('--type=')) && args.includes(`--load-extension=${extensionDir}`))
    .sort((a, b) => Number(b.pid) - Number(a.pid))[0];
  const profile = browser?.args.find((a) => a.startsWith('--user-data-dir='));
  if (!profile) throw new Error(`no Chromium running with ${extensionDir}`);
  const renderer = pids().find((pid) => {
    const args = cmdline(pid);
    return args.includes('--extension-process') && args.includes(profile);
  });
  if (!renderer) throw new Error(`no extension renderer for ${profile}`);
  return renderer;
}

/** Resident set size of a process, in bytes. */
export function rssBytes(pid: string): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** CPU time (user + system) a process has used so far, in milliseconds (10 ms steps). */
export function processCpuMs(pid: string): number {
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

export interface WorkerHandle {
  /** JavaScript heap in use after a full collection, in bytes. */
  heapAfterGc(): Promise<number>;
  evaluate(expression: string): Promise<unknown>;
}

/** The extension's service worker, found again on each call (Chrome may have restarted it). */
export function serviceWorker(cdp: CDPSession, extensionId: string): WorkerHandle {
  let current: { targetId: string; send: TargetSend } | null = null;
  const session = async (): Promise<TargetSend> => {
    const target = (await targets(cdp)).find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${extensionId}/`));
    if (!target) throw new Error('the extension worker is not running');
    if (current?.targetId !== target.targetId) current = { targetId: target.targetId, send: await attach(cdp, target.targetId) };
    return current.send;
  };
  return {
    async heapAfterGc() {
      const send = await session();
      // Twice: the first collection can leave what finalizers and weak callbacks free for the next.
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.collectGarbage');
      return ((await send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
    },
    evaluate: async (expression) => evaluateIn(await session(), expression),
  };
}
