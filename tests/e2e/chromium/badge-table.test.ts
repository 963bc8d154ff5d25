/**
 * The badge table, every row, in Chromium: for each state a site is in, the toolbar badge's text
 * and its tooltip (the panel's own summary line) for that tab. Rows and steps: tests/e2e/harness/badge-table.ts.
 */
import { badgeTableSuite } from '../harness/badge-table';
import { launchChromium } from '../harness/chromium';

badgeTableSuite(() => launchChromium());
