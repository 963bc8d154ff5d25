import type { TrustReport } from '../utils/engine/trust/types';
import { REPORT_WORDS } from '../utils/engine/report/report-words';
import {
  TRUST_LINK_LOOK,
  TRUST_STATUS_LOOK,
  trustCheckSymbol,
  trustCheckWords,
  trustHeadline,
  trustLinkWords,
} from '../utils/engine/report/trust-words';
import { useSay, useSayMarked } from './i18n';
import { Prose } from './Prose';

/**
 * The sign-in trust chain (D10) as one short section a non-engineer follows: a headline ("Sign-in
 * is run by auth.example.com, which confirms it speaks for shop.example ✓"), then each document
 * with its status in symbol and words, and under a link that failed, the values it compared.
 * Props only, so the panel can place it where it reads best.
 */
export function TrustSection(props: { trust: TrustReport; site: string }) {
  const say = useSay();
  const sayMarked = useSayMarked();
  const { trust, site } = props;
  const look = TRUST_STATUS_LOOK[trust.status];
  return (
    <section aria-labelledby="trust-heading" data-trust={trust.status}>
      <h2 id="trust-heading">{say(REPORT_WORDS.trustHeading({}))}</h2>
      <p class={`lead tone-${look.tone}`}>
        <span aria-hidden="true">{look.symbol}</span> <bdi>{say(trustHeadline(trust, site))}</bdi>
      </p>
      <ul class="plain">
        {trust.links.map((link, i) => {
          const status = TRUST_LINK_LOOK[link.status];
          const failed = link.checks.filter((c) => !c.ok);
          return (
            <li key={i} data-trust-link={link.kind} data-status={link.status}>
              <span class={`tone-${status.tone}`}>
                <span aria-hidden="true">{status.symbol}</span> {say(status.label({}))}
              </span>{' '}
              <bdi>{say(trustLinkWords(link, trust, site))}</bdi>
              {link.reason !== undefined ? (
                <p class="muted small">
                  <Prose text={sayMarked(link.reason)} />
                </p>
              ) : null}
              {failed.length > 0 ? (
                <ul class="small">
                  {failed.map((check, j) => (
                    <li key={j}>
                      <span aria-hidden="true">{trustCheckSymbol(check)}</span> <bdi>{say(trustCheckWords(check))}</bdi>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
