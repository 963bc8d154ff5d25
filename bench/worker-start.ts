// What a worker start reads from storage.session before it restarts dead checks and sweeps old
// results (utils/extension/platform/storage.ts: allMarkers, sweepResults), measured in the
// worker with the results the passes left, then with storage.session filled towards its 10 MB:
// every value at once, as before, against the keys and then only what is needed, as now.
import { STORAGE_KEYS } from '../utils/extension/platform/storage';
import type { WorkerHandle } from './extension-process';
import { mib, msFigure, ratioFigure } from './stats';

/** Runs in the worker: one round of both ways (which goes first alternates), and what the area holds. */
const readBothWays = (everythingFirst: boolean) => `(async () => {
  const area = chrome.storage.session;
  const everything = async () => {
    const start = performance.now();
    await area.get(null);
    return performance.now() - start;
  };
  const needed = async () => {
    const start = performance.now();
    const keys = await area.getKeys();
    const markers = keys.filter((k) => k.startsWith(${JSON.stringify(STORAGE_KEYS.markerPrefix)}));
    if (markers.length > 0) await area.get(markers);
    await area.get(keys.filter((k) => k.startsWith(${JSON.stringify(STORAGE_KEYS.resultAtPrefix)})));
    return performance.now() - start;
  };
  let a, b;
  if (${everythingFirst}) {
    a = await everything();
    b = await needed();
  } else {
    b = await needed();
    a = await everything();
  }
  const results = (await area.getKeys()).filter((k) => k.startsWith(${JSON.stringify(STORAGE_KEYS.resultPrefix)})).length;
  return { everything: a, needed: b, results, bytes: await area.getBytesInUse(null) };
})()`;

/** Filler results of origins no tab shows, about 900 KB each (a 1000-skill report packs to that). */
const FILLER = 'https://filler-';
const fill = (count: number) => `(async () => {
  const packed = '{"report":' + JSON.stringify('x'.repeat(900000)) + '}';
  for (let i = 0; i < ${count}; i++) {
    const origin = ${JSON.stringify(FILLER)} + i + '.example';
    await chrome.storage.session.set({ [${JSON.stringify(STORAGE_KEYS.resultPrefix)} + origin]: packed, [${JSON.stringify(STORAGE_KEYS.resultAtPrefix)} + origin]: Date.now() });
  }
})()`;
const unfill = `(async () => {
  const keys = await chrome.storage.session.getKeys();
  await chrome.storage.session.remove(keys.filter((k) => k.includes(${JSON.stringify(FILLER)})));
})()`;

type Run = { everything: number; needed: number; results: number; bytes: number };

async function measure(worker: WorkerHandle, rounds: number, label: string): Promise<string[]> {
  const runs: Run[] = [];
  for (let i = 0; i < rounds; i++) runs.push((await worker.evaluate(readBothWays(i % 2 === 0))) as Run);
  const { results, bytes } = runs.at(-1)!;
  return [
    `  ${label}: ${results} results (${mib(bytes)}), ${rounds} rounds:`,
    `    every value at once (get(null); before, the markers and then the sweep each did this): ${msFigure(runs.map((r) => r.everything))}`,
    `    the keys, then the markers and the results' times (now): ${msFigure(runs.map((r) => r.needed))}`,
    `    ratio before / now: ${ratioFigure(runs.map((r) => r.everything / r.needed))}`,
  ];
}

export async function workerStartReads(worker: WorkerHandle, rounds = 8): Promise<string[]> {
  const lines = ["a worker start's reads of storage.session:", ...(await measure(worker, rounds, 'as the passes left it'))];
  await worker.evaluate(fill(8));
  try {
    lines.push(...(await measure(worker, rounds, 'filled towards its 10 MB')));
  } finally {
    await worker.evaluate(unfill);
  }
  return lines;
}
