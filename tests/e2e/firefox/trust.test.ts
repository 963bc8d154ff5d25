/**
 * The sign-in trust chain in the panel, in Firefox, on the trust fixture stores (steps:
 * tests/e2e/harness/trust.ts).
 */
import { trustSuite } from '../harness/trust';
import { launchFirefox } from '../harness/firefox';

trustSuite(() => launchFirefox());
