import { describe, expect, it } from 'vitest';
import { supportedOrigin } from '../../utils/extension/page-support';
import { accessPatterns } from '../../utils/extension/platform/permissions';

describe('supportedOrigin', () => {
  it.each<[string | undefined, string | null]>([
    ['https://flowers.example/shop?q=1#x', 'https://flowers.example'],
    ['https://flowers.example:8443/', 'https://flowers.example:8443'],
    ['http://localhost:5173/', 'http://localhost:5173'],
    ['http://127.0.0.1:8080/a', 'http://127.0.0.1:8080'],
    ['http://[::1]:3000/', 'http://[::1]:3000'],
    ['http://shop.localhost/', 'http://shop.localhost'],
    ['http://flowers.example/', null],
    ['http://127.0.0.2/', null],
    ['http://localhost.evil.example/', null],
    ['chrome://settings/', null],
    ['about:blank', null],
    ['file:///home/me/index.html', null],
    ['chrome-extension://abc/popup.html', null],
    ['view-source:https://flowers.example/', null],
    ['https://chromewebstore.google.com/detail/abc', null],
    ['https://chrome.google.com/webstore/detail/abc', null],
    ['https://chrome.google.com/search', 'https://chrome.google.com'],
    ['https://addons.mozilla.org/en-US/firefox/', null],
    ['https://microsoftedge.microsoft.com/addons/detail/x', null],
    ['not a url', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (url, origin) => {
    expect(supportedOrigin(url)).toBe(origin);
  });
});

describe('accessPatterns', () => {
  it.each<[string | null, string[]]>([
    ['https://flowers.example', ['https://flowers.example/*']],
    ['http://localhost:5173', ['http://localhost/*']],
    ['http://[::1]:3000', ['http://[::1]/*']],
  ])('asks for the host of %s only, without its port', (origin, patterns) => {
    expect(accessPatterns(origin)).toEqual(patterns);
  });

  it('asks for every checked origin when the tab address is unknown', () => {
    expect(accessPatterns(null)).toEqual([
      'https://*/*',
      'http://localhost/*',
      'http://127.0.0.1/*',
      'http://[::1]/*',
      'http://*.localhost/*',
    ]);
  });
});
