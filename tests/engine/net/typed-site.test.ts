import { describe, expect, it } from 'vitest';
import { typedSiteOrigin } from '../../../utils/engine/net/typed-site';
import { TYPED_SITE_MAX_CHARS } from '../../../utils/engine/spec';
import { english } from '../../helpers/english';

/** The origin checked for `input`, or the English sentence that refuses it. */
function read(input: string): string {
  const result = typedSiteOrigin(input);
  return result.ok ? result.origin : `refused: ${english(result.words)}`;
}

describe('a typed site address', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  Example.COM  ', 'https://example.com'],
    ['https://shop.example/products?id=3#top', 'https://shop.example'],
    ['https://shop.example:8443/', 'https://shop.example:8443'],
    ['bücher.example', 'https://xn--bcher-kva.example'],
    // Local development servers: any port, plain http, a scheme added as dev servers use it.
    ['localhost:5173', 'http://localhost:5173'],
    ['http://localhost:5173/app', 'http://localhost:5173'],
    ['https://localhost:8443', 'https://localhost:8443'],
    ['127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://[::1]:3000/', 'http://[::1]:3000'],
    ['shop.localhost:3000', 'http://shop.localhost:3000'],
  ])('%s is checked as %s', (input, origin) => {
    expect(read(input)).toBe(origin);
  });

  it.each([
    ['', 'Type the address of a site to check, such as example.com.'],
    ['   ', 'Type the address of a site to check, such as example.com.'],
    ['http://shop.example', 'Plain http:// is checked only on a local development server'],
    ['ftp://shop.example', 'This address uses ftp:.'],
    ['javascript:alert(1)', 'This is not a web address.'],
    ['https://', 'This is not a web address.'],
    ['https://exa mple.com', 'This is not a web address.'],
    ['https://10.0.0.1', 'This address points at a private network address (10.0.0.1), so it is not checked.'],
    ['192.168.1.1', 'This address points at a private network address (192.168.1.1), so it is not checked.'],
    ['https://169.254.169.254/latest/meta-data/', 'points at a link-local address'],
    ['https://[fd00::1]', 'points at a private network address'],
    ['https://router.lan', 'names a host that only resolves inside a local network'],
    ['intranet', 'names a single-label host'],
    ['https://user:pw@shop.example', 'This address carries a user name or password'],
  ])('%j is refused', (input, words) => {
    expect(read(input)).toContain(words);
  });

  it('refuses past its length cap before parsing', () => {
    expect(read(`https://shop.example/${'a'.repeat(TYPED_SITE_MAX_CHARS)}`)).toBe(
      `refused: This address is longer than ${TYPED_SITE_MAX_CHARS} characters.`,
    );
  });
});
