/**
 * Where the extension looks for poppy.json (Decision D9): every https site, plus local
 * development origins on any port so owners can check a dev server. Shared by the manifest
 * (host permissions) and the content script (matches), so the two never drift apart.
 */
export const HOST_MATCHES = ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*', 'http://[::1]/*', 'http://*.localhost/*'] as const;

/**
 * Host access the network guard needs beyond HOST_MATCHES: `declarativeNetRequestWithHostAccess`
 * can block only requests to hosts the extension has access to, and a public site may redirect a
 * skill fetch to a plain-http LAN address (`http://192.168.1.1/…`, `http://router.lan/…`).
 * Measured in Chromium: without this the hop reaches the LAN host; with it the rule stops it.
 * Nothing is ever fetched from these hosts; the install warning is the same as for https alone.
 */
export const GUARD_HOST_PERMISSIONS = ['http://*/*'] as const;
