/**
 * The badge table, every row, in Firefox: for each state a site is in, the toolbar badge's text
 * and its tooltip (the panel's own summary line) for that tab. Rows and steps: tests/e2e/harness/badge-table.ts.
 */
import { badgeTableSuite } from '../harness/badge-table';
import { launchFirefox } from '../harness/firefox';

badgeTableSuite(() => launchFirefox());
