import { USAGE } from './usage';

/** Where a command writes: the process's streams, or a test's. */
export interface Io {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}

/** Bad arguments: say what is wrong, show the usage, exit 2 (nothing was checked). */
export function usageError(io: Io, message: string, help: string = USAGE): number {
  io.stderr.write(`poppy-inspector: ${message}\n\n${help}\n`);
  return 2;
}
