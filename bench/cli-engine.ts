// The engine as the command line runs it, for the benches that compare with it.
import type { CheckDeps } from '../utils/engine/check';
import type { Transport } from '../utils/engine/net/fetch-bounded';
import { CLI_MAX_SKILLS } from '../cli/network-options';
import { nodeSha256 } from '../cli/node-hash';
import { CLI_CHECK_MS } from '../utils/engine/spec';

export function cliEngineDeps(transport: Transport): CheckDeps {
  return {
    transport,
    mayContact: () => true,
    sha256: nodeSha256,
    limits: { maxSkills: CLI_MAX_SKILLS, checkMs: CLI_CHECK_MS },
    rawTexts: false,
  };
}
