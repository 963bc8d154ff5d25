import type { Io } from './io';
import { USAGE } from './usage';

export type { Io } from './io';

declare const __VERSION__: string;

/**
 * Runs the command line; returns the exit code instead of exiting, so tests can call it. Each
 * command is its own chunk of the bundle, loaded only when asked for: `--help` and `digest` start
 * without the engine or the fetch stack.
 */
export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'digest') return (await import('./digest')).digestCommand(rest, io);
  if (command === 'check') return (await import('./check')).checkCommand(rest, io);
  if (command === '--version' || command === '-v') {
    io.stdout.write(`${__VERSION__}\n`);
    return 0;
  }
  const help = command === undefined || command === '--help' || command === '-h' || command === 'help';
  (help ? io.stdout : io.stderr).write(`${help ? '' : `Unknown command: ${command}\n\n`}${USAGE}\n`);
  return help ? 0 : 2;
}
