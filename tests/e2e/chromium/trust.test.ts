/**
 * The sign-in trust chain in the panel, in Chromium, on the trust fixture stores (steps:
 * tests/e2e/harness/trust.ts).
 */
import { trustSuite } from '../harness/trust';
import { launchChromium } from '../harness/chromium';

trustSuite(() => launchChromium());
