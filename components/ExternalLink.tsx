import type { ComponentChildren } from 'preact';
import { safeLinkTarget } from '../utils/engine/net/safe-link';
import { useActions } from './actions';
import { revealHidden } from '../utils/engine/text/reveal';
import { Url } from './Url';

/**
 * A site-named URL: a link only when utils/engine/net/safe-link.ts allows it for the checked `site`, else
 * text showing its target, so `javascript:`, `data:` and LAN targets never reach an href even if
 * a tree or report was tampered with on its way to the popup. Shows its target in full (text can
 * say "bank" while the link goes elsewhere) and opens only through `actions.openLink`, on a
 * click: the popup never navigates by itself.
 */
export function ExternalLink(props: { url: string; site: string; children?: ComponentChildren }) {
  const { openLink } = useActions();
  const href = safeLinkTarget(props.url, props.site);
  const label = props.children !== undefined && props.children !== null ? <bdi class="link-text">{props.children}</bdi> : null;
  if (href === null) {
    return (
      <span class="url">
        {label}
        <SiteUrl url={props.url} />
      </span>
    );
  }
  return (
    <a
      class="link"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        event.preventDefault();
        openLink(href);
      }}
    >
      {label}
      <SiteUrl url={href} />
    </a>
  );
}

/** The target as components/SiteText.tsx's SiteCode shows it (isolated, left to right, hidden characters spelled out), breakable after "/". */
function SiteUrl(props: { url: string }) {
  return (
    <bdi dir="ltr" class="link-target">
      <Url text={revealHidden(props.url)} />
    </bdi>
  );
}
