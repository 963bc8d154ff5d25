import { sentence } from '../report/words';
import type { NetworkCause } from './fetch-types';

/**
 * Why a request failed, as words that complete a finding ("could not be read: …") or stand alone
 * as a skill's reason. Policy refusals (url-policy.ts) complete "the URL …" and "… which …".
 */
export const FETCH_WORDS = {
  blocked: sentence('detail_blocked', ['policy']),
  cancelled: sentence('detail_cancelled', []),
  tooManyRedirects: sentence('detail_too_many_redirects', ['max']),
  redirectLoop: sentence('detail_redirect_loop', []),
  insecureRedirect: sentence('detail_insecure_redirect', ['target']),
  redirectBlocked: sentence('detail_redirect_blocked', ['target', 'policy']),
  httpStatus: sentence('detail_http_status', ['status']),
  tooLargeDeclared: sentence('detail_too_large_declared', ['cap', 'declared']),
  tooLarge: sentence('detail_too_large', ['cap']),
  noAnswerWithin: sentence('detail_no_answer_within', ['time']),
  unfinishedWithin: sentence('detail_unfinished_within', ['time']),
  network: sentence('detail_network', ['error']),
  readFailed: sentence('detail_read_failed', ['error']),
  tooSlow: sentence('detail_too_slow', []),
  overBudget: sentence('detail_over_budget', ['budget']),
  /** A hop (or the URL) on another host the check may not contact yet: "redirects to x; not checked yet". */
  redirectsTo: sentence('reason_redirects_to', ['host']),
  hostedOn: sentence('reason_hosted_on', ['host']),
  /** Network causes a transport named (fetch-types.ts `NetworkCause`). */
  cause: {
    refused: sentence('detail_network_refused', []),
    dns: sentence('detail_network_dns', []),
    'tls-protocol': sentence('detail_network_tls_protocol', []),
    'tls-untrusted': sentence('detail_network_tls_untrusted', []),
    'tls-expired': sentence('detail_network_tls_expired', []),
    'tls-name': sentence('detail_network_tls_name', []),
    reset: sentence('detail_network_reset', []),
    'cut-off': sentence('detail_network_cut_off', []),
    'bad-coding': sentence('detail_network_bad_coding', []),
  } satisfies Record<NetworkCause, unknown>,
};
