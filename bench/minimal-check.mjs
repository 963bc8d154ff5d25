// The least a command line could do to check a site: poppy.json, the index, then every skill
// fetched 6 at a time and hashed (node:crypto). No URL policy, caps, timeouts or findings: the
// reference `check --json` is compared with. Prints how many skills matched their digest.
import { createHash } from 'node:crypto';

// The well-known paths come from the bench (utils/engine/spec.ts), not written out twice.
const [origin, poppyPath, indexPath] = process.argv.slice(2);
await (await fetch(origin + poppyPath)).arrayBuffer();
const indexUrl = origin + indexPath;
const { skills } = await (await fetch(indexUrl)).json();
let next = 0;
let verified = 0;
async function worker() {
  while (next < skills.length) {
    const skill = skills[next++];
    const bytes = new Uint8Array(await (await fetch(new URL(skill.url, indexUrl))).arrayBuffer());
    if (`sha256:${createHash('sha256').update(bytes).digest('hex')}` === skill.digest) verified++;
  }
}
await Promise.all(Array.from({ length: 6 }, worker));
console.log(JSON.stringify({ verified }));
