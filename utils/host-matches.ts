/**
 * Where the extension looks for poppy.json (Decision D9): every https site, plus local
 * development origins on any port so owners can check a dev server. Shared by the manifest
 * (host permissions) and the content script (matches), so the two never drift apart.
 */
export const HOST_MATCHES = [
  'https://*/*',
  'http://localhost/*',
  'http://127.0.0.1/*',
  'http://[::1]/*',
  'http://*.localhost/*',
] as const;
