// Preloaded (node --import) into a process the bench starts: at exit, its own CPU time (user +
// system, milliseconds) goes to $CPU_REPORT_FILE, which the bench reads. Every side of a
// comparison is started with it, so its own small cost is on both sides.
import { writeFileSync } from 'node:fs';

const file = process.env.CPU_REPORT_FILE;
if (file) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(file, String((user + system) / 1000));
  });
}
