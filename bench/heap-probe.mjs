// Preloaded into a process under measure (node --expose-gc --import): every half second, the heap
// after a full collection, appended to $HEAP_PROBE_FILE as "<epoch ms> <heapUsed bytes> <rss bytes>".
import { appendFileSync } from 'node:fs';

const file = process.env.HEAP_PROBE_FILE;
if (file && typeof globalThis.gc === 'function') {
  setInterval(() => {
    globalThis.gc();
    const { heapUsed, rss } = process.memoryUsage();
    appendFileSync(file, `${Date.now()} ${heapUsed} ${rss}\n`);
  }, 500).unref();
}
