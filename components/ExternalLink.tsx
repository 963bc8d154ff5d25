import type { ComponentChildren } from 'preact';
import { showInvisible } from '../utils/markdown/visible';
import { useActions } from './actions';

/**
 * The href a site-named URL may get: `https:` only (plain `http:` only for a local dev site,
 * D5), no user info. Anything else is shown as text, so `javascript:` and `data:` never reach an
 * href even if a tree or report was tampered with on its way to the popup.
 */
export function safeHref(url: string, allowHttp = false): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  const scheme = parsed.protocol === 'https:' || (allowHttp && parsed.protocol === 'http:');
  return scheme && parsed.username === '' && parsed.password === '' ? parsed.href : null;
}

/**
 * Shows its target in full (text can say "bank" while the link goes elsewhere) and opens only
 * through `actions.openLink`, on a click: the popup never navigates by itself.
 */
export function ExternalLink(props: { url: string; allowHttp?: boolean; children?: ComponentChildren }) {
  const { openLink } = useActions();
  const href = safeHref(props.url, props.allowHttp);
  const label = props.children !== undefined && props.children !== null ? <span class="link-text">{props.children}</span> : null;
  if (href === null) {
    return (
      <span class="url">
        {label}
        <span class="link-target">{showInvisible(props.url)}</span>
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
      <span class="link-target">{showInvisible(href)}</span>
    </a>
  );
}
