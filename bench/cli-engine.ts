// The engine as the command line runs it, for the benches that compare with it.
import type { CheckDeps } from '../utils/engine/check';
import type { Transport } from '../utils/engine/net/fetch-bounded';

export function cliEngineDeps(transport: Transport): CheckDeps {
  return { transport, mayContact: () => true, limits: { maxSkills: 1000 } };
}
