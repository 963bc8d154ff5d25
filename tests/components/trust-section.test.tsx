import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { TranslateContext } from '../../components/i18n';
import { TrustSection } from '../../components/TrustSection';
import type { TrustReport } from '../../utils/engine/trust/types';
import { translate } from './locale';

afterEach(cleanup);

const SITE = 'https://shop.example';
const ISSUER = 'https://auth.example.com';

function chain(issuerOk: boolean): TrustReport {
  return {
    issuer: ISSUER,
    domain: 'shop.example',
    status: issuerOk ? 'verified' : 'broken',
    links: [
      {
        kind: 'issuer-metadata',
        subject: ISSUER,
        api: null,
        url: `${ISSUER}/.well-known/oauth-authorization-server`,
        status: issuerOk ? 'verified' : 'failed',
        checks: [
          { field: 'issuer', rule: 'equals', expected: ISSUER, actual: issuerOk ? ISSUER : `${ISSUER}/`, ok: issuerOk },
          { field: 'poppy_domains', rule: 'contains', expected: 'shop.example', actual: ['shop.example'], ok: true },
        ],
      },
      {
        kind: 'protected-resource',
        subject: SITE,
        api: null,
        url: `${SITE}/.well-known/oauth-protected-resource`,
        status: 'verified',
        checks: [{ field: 'authorization_servers', rule: 'contains', expected: ISSUER, actual: [ISSUER], ok: true }],
      },
    ],
  };
}

const show = (trust: TrustReport) =>
  render(
    <TranslateContext.Provider value={translate}>
      <TrustSection trust={trust} site={SITE} />
    </TranslateContext.Provider>,
  ).container;

describe('TrustSection', () => {
  it('a chain that holds: the headline names the issuer and the domain, every link ✓, no compared values', () => {
    const root = show(chain(true));
    expect(root.querySelector('[data-trust]')!.getAttribute('data-trust')).toBe('verified');
    const lead = root.querySelector('.lead')!.textContent!;
    expect(lead).toContain('auth.example.com');
    expect(lead).toContain('shop.example');
    expect(lead.startsWith('✓')).toBe(true);
    const links = [...root.querySelectorAll('[data-trust-link]')];
    expect(links.map((l) => [l.getAttribute('data-trust-link'), l.getAttribute('data-status')])).toEqual([
      ['issuer-metadata', 'verified'],
      ['protected-resource', 'verified'],
    ]);
    expect(root.querySelectorAll('[data-trust-link] ul li')).toHaveLength(0);
  });

  it('one character off: the link fails and shows the value it compared, the others still hold', () => {
    const root = show(chain(false));
    expect(root.querySelector('[data-trust]')!.getAttribute('data-trust')).toBe('broken');
    expect(root.querySelector('.lead')!.textContent!.startsWith('✗')).toBe(true);
    const issuer = root.querySelector('[data-trust-link="issuer-metadata"]')!;
    expect(issuer.getAttribute('data-status')).toBe('failed');
    const compared = [...issuer.querySelectorAll('ul li')].map((li) => li.textContent!);
    expect(compared).toHaveLength(1);
    expect(compared[0]).toContain(`${ISSUER}/`);
    expect(compared[0]!.startsWith('✗')).toBe(true);
  });

  it('a 0.x site (D10): the company document not required reads ℹ, an API resource named there ⚠, the chain holds', () => {
    const trust = chain(true);
    const missing: TrustReport = {
      ...trust,
      rules: '0',
      links: [trust.links[0]!, { ...trust.links[1]!, status: 'not-required', checks: [] }],
    };
    const root = show(missing);
    expect(root.querySelector('[data-trust]')!.getAttribute('data-trust')).toBe('verified');
    const company = root.querySelector('[data-trust-link="protected-resource"]')!;
    expect(company.getAttribute('data-status')).toBe('not-required');
    expect(company.textContent).toContain('ℹ not read; only PAP 1.0 requires it');
    const namesApi: TrustReport = {
      ...trust,
      links: [
        trust.links[0]!,
        {
          ...trust.links[1]!,
          checks: [{ field: 'resource', rule: 'equals', expected: SITE, actual: `${SITE}/mcp`, ok: false, from1: true }],
        },
      ],
    };
    const compared = [...show(namesApi).querySelectorAll('[data-trust-link="protected-resource"] ul li')].map((li) => li.textContent!);
    expect(compared).toEqual([`⚠ resource is ${SITE}/mcp; it must be ${SITE} (accepted before PAP 1.0, required from 1.0)`]);
  });
});
