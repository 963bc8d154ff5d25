import { formatBytes, formatMs } from '../net/fetch-bounded';
import { finding, type Finding } from '../report/findings';
import type { CutShort } from '../report/report';
import { ENGINE_CODES as C } from './codes';

/** The one finding that says the check ran out of its budget, and how much it left unread. */
export function cutShortFinding(cut: CutShort, origin: string): Finding {
  const said =
    cut.by === 'deadline'
      ? C['check-cut-short'].says({ time: formatMs(cut.limit), count: cut.unfinished })
      : C['site-bytes-exceeded'].says({ budget: formatBytes(cut.limit), count: cut.unfinished });
  return finding(said, { document: origin });
}
