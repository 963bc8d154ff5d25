import type { Io } from './io';
import { didYouMean } from '../utils/engine/text/did-you-mean';
import { USAGE } from './usage';

export type { Io } from './io';

declare const __VERSION__: string;

type Command = (args: string[], io: Io) => Promise<number>;

/** Each command is its own chunk of the bundle, loaded only when asked for: `--help` and
 *  `digest` start without the engine or the fetch stack. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  check: async () => (await import('./check')).checkCommand,
  index: async () => (await import('./index-command')).indexCommand,
  survey: async () => (await import('./survey-command')).surveyCommand,
  digest: async () => (await import('./digest')).digestCommand,
};

/** Runs the command line; returns the exit code instead of exiting, so tests can call it. */
export async function main(argv: string[], io: Io): Promise<number> {
  quietOnClosedPipe(io);
  const [command, ...rest] = argv;
  if (command !== undefined && Object.hasOwn(COMMANDS, command)) return (await COMMANDS[command]!())(rest, io);
  if (command === 'help' && rest[0] !== undefined && Object.hasOwn(COMMANDS, rest[0])) return (await COMMANDS[rest[0]]!())(['--help'], io);
  if (command === '--version' || command === '-v' || command === 'version') {
    io.stdout.write(`${__VERSION__}\n`);
    return 0;
  }
  const help = command === undefined || command === '--help' || command === '-h' || command === 'help';
  const meant = help ? null : didYouMean(command, Object.keys(COMMANDS));
  const complaint = `poppy-inspector: unknown command "${command}".${meant === null ? '' : ` Did you mean ${meant}?`}\n\n`;
  (help ? io.stdout : io.stderr).write(`${help ? '' : complaint}${USAGE}\n`);
  return help ? 0 : 2;
}

/**
 * `poppy-inspector … | head` closes the pipe early: stop quietly, as Unix tools do, instead of
 * dying on an unhandled EPIPE. Whatever was not written was not wanted.
 */
function quietOnClosedPipe(io: Io): void {
  for (const stream of [io.stdout, io.stderr]) {
    if (typeof stream.on !== 'function' || stream.listenerCount('error') > 0) continue;
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
}
