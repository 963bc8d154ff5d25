/** Streams of lines in and out of a survey: site lists, earlier results, and the JSON lines it writes. */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

/** Each line of a file (or of stdin for `-`), one at a time: a list of a million sites is never held whole. */
export async function* linesOf(source: string, stdin: Readable): AsyncGenerator<string> {
  const input = source === '-' ? stdin : createReadStream(source);
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) yield line;
  } finally {
    lines.close();
  }
}

/** A site list's entries: trimmed, without blank lines and `#` comments. */
export async function* sitesOf(lines: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const line of lines) {
    const site = line.trim();
    if (site !== '' && !site.startsWith('#')) yield site;
  }
}

export async function countSites(file: string): Promise<number> {
  let n = 0;
  for await (const _ of sitesOf(linesOf(file, process.stdin))) n++;
  return n;
}

/** Writes lines with backpressure, so a slow reader holds the survey back rather than memory growing. */
export interface LineSink {
  write(line: string): Promise<void>;
  close(): Promise<void>;
}

export function sinkTo(stream: Writable, own: boolean): LineSink {
  return {
    async write(line) {
      if (!stream.write(`${line}\n`)) await once(stream, 'drain');
    },
    async close() {
      if (!own) return;
      stream.end();
      await once(stream, 'finish');
    },
  };
}

/** `--output`: JSON lines appended, so a resumed run adds to the same file. */
export function appendTo(file: string): LineSink {
  return sinkTo(createWriteStream(file, { flags: 'a' }), true);
}
