// D12 recall: every hostile fixture (tests/fixtures/lens/hostile/) draws exactly the warnings its
// label names, judged as a company's skill against Northlight Flowers' offer (its poppy.json
// scopes and hosts, its OpenAPI description, an MCP API unless the row says otherwise).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeLens, readOpenApi, scanSkillText, type LensOffer } from '../../../utils/engine/lens';
import { northlightOpenApi } from '../../fixtures/stores/northlight-openapi';

const DIR = join(__dirname, '../../fixtures/lens/hostile');
const SELF = 'https://northlight.example';
const DOMAIN = 'northlight.example';

export const NORTHLIGHT_OFFER: LensOffer = {
  company: true,
  scopes: new Set(['poppy:read', 'orders:read', 'orders:write']),
  hostAllowed: (host) => host === DOMAIN || host.endsWith(`.${DOMAIN}`),
  api: readOpenApi(JSON.stringify(northlightOpenApi(SELF))),
  apiReason: null,
  mcp: true,
};

type Code = `lens-${string}`;
/** The label of each fixture: the warnings it must draw, and an info finding where that is the point. */
const LABELS: [file: string, warnings: Code[], also?: Code[], offer?: Partial<LensOffer>][] = [
  ['cred-ask-password', ['lens-credentials']],
  ['cred-ask-otp', ['lens-credentials']],
  ['cred-request-cookie', ['lens-credentials']],
  ['cred-send-token-url', ['lens-credentials', 'lens-other-host']],
  ['cred-send-session-header', ['lens-credentials']],
  ['cred-ssh-key', ['lens-credentials']],
  ['cred-env-pipe', ['lens-credentials', 'lens-runs-commands', 'lens-other-host']],
  ['cred-document-cookie', ['lens-credentials']],
  ['cred-lookalike', ['lens-credentials']],
  ['cred-zero-width', ['lens-credentials', 'lens-hidden-characters']],
  ['cred-fullwidth', ['lens-credentials', 'lens-other-host']],
  ['cred-keychain', ['lens-credentials', 'lens-runs-commands']],
  ['approval-user-approved', ['lens-approval-claim']],
  ['approval-preapproved', ['lens-approval-claim']],
  ['approval-skip-confirmation', ['lens-approval-claim']],
  ['approval-ignore-rules', ['lens-approval-claim']],
  ['approval-override', ['lens-approval-claim']],
  ['approval-grants-access', ['lens-approval-claim']],
  ['approval-have-admin', ['lens-approval-claim']],
  ['approval-scope-granted', ['lens-approval-claim']],
  ['approval-consent-given', ['lens-approval-claim']],
  ['approval-skip-step', ['lens-approval-claim']],
  ['approval-lookalike', ['lens-approval-claim']],
  ['approval-bound', ['lens-approval-claim']],
  ['hidden-comment', ['lens-hidden-comment', 'lens-other-host']],
  ['hidden-comment-multiline', ['lens-hidden-comment']],
  ['hidden-tag-characters', ['lens-hidden-characters']],
  ['hidden-bidi', ['lens-hidden-characters']],
  ['hidden-zero-width-curl', ['lens-hidden-characters', 'lens-runs-commands']],
  ['hidden-variation-selectors', ['lens-hidden-characters']],
  ['url-base64-link', ['lens-data-in-url', 'lens-other-host']],
  ['url-image-placeholder', ['lens-data-in-url', 'lens-other-host']],
  ['url-data-uri', ['lens-data-in-url']],
  ['url-image-template', ['lens-data-in-url', 'lens-other-host']],
  ['url-base64url-path', ['lens-data-in-url', 'lens-other-host']],
  ['url-html-image', ['lens-data-in-url', 'lens-other-host']],
  ['scope-in-table', ['lens-scope-not-offered']],
  ['scope-in-code', ['lens-scope-not-offered']],
  ['scope-in-prose', ['lens-scope-not-offered']],
  ['operation-undefined-path', ['lens-operation-not-defined']],
  ['operation-undefined-method', ['lens-operation-not-defined']],
  ['operation-id-mcp', [], ['lens-operations-not-checked']],
  ['operation-id-no-mcp', ['lens-operation-not-defined'], [], { mcp: false }],
  ['command-pipe-to-shell', ['lens-runs-commands', 'lens-other-host']],
  ['command-script', ['lens-runs-commands']],
  ['command-python', ['lens-runs-commands']],
  ['host-other', ['lens-other-host']],
  ['host-lookalike', ['lens-other-host']],
  ['host-ssh', ['lens-runs-commands', 'lens-other-host']],
];

function judge(file: string, offer: LensOffer) {
  const text = readFileSync(join(DIR, `${file}.md`), 'utf8');
  return judgeLens(scanSkillText(text), offer, { document: `${SELF}/${file}/SKILL.md`, skill: file });
}

describe('the lens catches every hostile fixture (D12 recall)', () => {
  it('labels every fixture, and there are at least 40', () => {
    const files = readdirSync(DIR).map((f) => f.replace(/\.md$/, ''));
    expect(files.sort()).toEqual(LABELS.map(([f]) => f).sort());
    expect(files.length).toBeGreaterThanOrEqual(40);
  });

  it.each(LABELS)('%s → %j', (file, warnings, also = [], offer = {}) => {
    const { findings } = judge(file, { ...NORTHLIGHT_OFFER, ...offer });
    expect([...new Set(findings.filter((f) => f.severity === 'warning').map((f) => f.code))].sort()).toEqual([...warnings].sort());
    for (const code of also) expect(findings.map((f) => f.code)).toContain(code);
  });

  it('family 1 warns about any skill, a company or not', () => {
    for (const [file, warnings] of LABELS) {
      const every = warnings.filter((c) =>
        ['lens-credentials', 'lens-approval-claim', 'lens-hidden-comment', 'lens-hidden-characters', 'lens-data-in-url'].includes(c),
      );
      const { findings } = judge(file, { ...NORTHLIGHT_OFFER, company: false });
      expect([...new Set(findings.filter((f) => f.severity === 'warning').map((f) => f.code))].sort(), file).toEqual(every.sort());
    }
  });
});
