/** Streams of lines in and out of a survey: site lists, earlier results, and the JSON lines it writes. */
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
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

/** Bytes read at a time while looking back for the last line break. */
const TAIL_CHUNK = 64 * 1024;

/**
 * Cuts an unfinished last line (no line feed after it) off the end of a JSON-line file, as a
 * run killed mid-write leaves it; returns how many bytes were cut (0 when the file ends cleanly).
 */
export async function dropPartialLine(file: string): Promise<number> {
  const handle = await open(file, 'r+');
  try {
    const { size } = await handle.stat();
    let end = size;
    const buffer = Buffer.alloc(TAIL_CHUNK);
    while (end > 0) {
      const start = Math.max(0, end - TAIL_CHUNK);
      const { bytesRead } = await handle.read(buffer, 0, end - start, start);
      const at = buffer.subarray(0, bytesRead).lastIndexOf(0x0a);
      if (at >= 0) {
        end = start + at + 1;
        break;
      }
      end = start;
    }
    if (end < size) await handle.truncate(end);
    return size - end;
  } finally {
    await handle.close();
  }
}
