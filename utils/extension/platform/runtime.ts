import { browser } from 'wxt/browser';

/** This extension's identity, against which senders are judged. */
export interface SelfIdentity {
  id: string;
  /** `chrome-extension://<id>` or `moz-extension://<uuid>`. */
  origin: string;
}

/** The one place the extension's own origin is computed (messages judge senders by it, the network guard its own requests). */
export function selfIdentity(): SelfIdentity {
  return { id: browser.runtime.id, origin: originOf(browser.runtime.getURL('/')) ?? '' };
}

/** `URL.origin` is "null" for non-special schemes outside the browser that owns them (and in
 *  some engines for extension schemes too), so build it from the parts. */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.origin !== 'null' ? parsed.origin : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/** The panel's "Settings" link: the options page, in the browser's own place for it. */
export function openOptions(): void {
  void browser.runtime.openOptionsPage();
}

/** The panel's "Open full report": report.html on the panel's site, in a tab of its own. */
export function openFullReport(origin: string): void {
  void browser.tabs.create({ url: browser.runtime.getURL(`/report.html?site=${encodeURIComponent(origin)}`) });
}

/** The extension's version, as its manifest says (the SARIF export names its tool by it). */
export function extensionVersion(): string {
  return browser.runtime.getManifest().version;
}
