import { ENGINE_CODES } from '../../utils/engine/check';
import { SKILL_REASONS } from '../../utils/engine/check/verify-skill';
import { UNKNOWN_FIELD_CODES } from '../../utils/engine/json/unknown-fields';
import { KINDS } from '../../utils/engine/json/values';
import { POPPY_CODES } from '../../utils/engine/poppy';
import { finding as engineFinding, type Finding, type Said } from '../../utils/engine/report/findings';
import type { DocumentInfo, PoppyModel, Report, SkillReport } from '../../utils/engine/report/report';

/** Reports as the engine writes them for the sandbox stores of the seed article. */
export const ORIGIN = 'https://northlight.poppy.test';
const POPPY_URL = `${ORIGIN}/.well-known/poppy.json`;
const INDEX_URL = `${ORIGIN}/.well-known/agent-skills/index.json`;
export const CHECKED_AT = '2026-11-03T09:57:00.000Z'; // three minutes before the harness clock

export const DIGESTS = {
  change: 'sha256:15c64eb5593a5e04984eb0d3fb7da412818f8ea70ccc6551beaafb92e2be1fd6',
  check: 'sha256:2b1f0c7d9e8a4b3c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4',
  find: 'sha256:9d8c7b6a5f4e3d2c1b0a99887766554433221100ffeeddccbbaa998877665544',
  stale: 'sha256:fd87c0f3a1b2c3d4e5f60718293a4b5c6d7e8f9012a3b4c5d6e7f8091a2b3c4d',
};

function doc(kind: DocumentInfo['kind'], url: string, httpStatus: number | null, published: boolean): DocumentInfo {
  return {
    kind,
    requestedUrl: url,
    url: httpStatus === null ? null : url,
    httpStatus,
    contentType: published ? 'application/json' : null,
    bytes: published ? 2048 : null,
    redirected: false,
    published,
    absent: httpStatus === 404 || httpStatus === 410,
  };
}

export function skill(name: string, digest: string, over: Partial<SkillReport> = {}): SkillReport {
  return {
    name,
    description: `${name.replace(/-/g, ' ')} at Northlight Flowers.`,
    type: 'skill-md',
    source: 'both',
    url: `${ORIGIN}/.well-known/agent-skills/${name}/SKILL.md`,
    status: 'verified',
    expectedDigest: digest,
    actualDigest: digest,
    contentType: 'text/markdown; charset=utf-8',
    frontmatter: { name, description: `${name.replace(/-/g, ' ')} at Northlight Flowers.` },
    ...over,
  };
}

export function northlightPoppy(over: Partial<PoppyModel> = {}): PoppyModel {
  return {
    url: POPPY_URL,
    requestedUrl: POPPY_URL,
    redirected: false,
    protocolVersion: '0.3',
    organization: { name: 'Northlight Flowers', domain: 'northlight.poppy.test', domainMatches: true },
    issuer: `${ORIGIN}/oauth`,
    signInTypes: [
      {
        type: 'direct',
        scopes: [
          { name: 'poppy:read', description: null },
          { name: 'orders:read', description: 'See your orders' },
          { name: 'orders:write', description: 'Change your orders' },
        ],
      },
      { type: 'device', scopes: [{ name: 'poppy:read', description: null }] },
    ],
    agentProtocols: [{ type: 'poppy', endpoint: `${ORIGIN}/poppy/agent`, resource: null }],
    apis: [
      { type: 'openapi', url: `${ORIGIN}/poppy/openapi.json`, description: 'Orders, bouquets and delivery dates', resource: null },
      { type: 'mcp', url: `${ORIGIN}/poppy/mcp`, description: 'The same tools over MCP', resource: `${ORIGIN}/poppy/mcp` },
    ],
    browserSessionEndpoint: `${ORIGIN}/poppy/browser-session`,
    extensions: [{ name: 'operations', version: '1' }],
    excludedTasks: ['Cancel an order on the day of delivery', 'Change the delivery address of a gift'],
    excludedTasksRaw: null,
    hasSkillIndex: true,
    ...over,
  };
}

function base(over: Partial<Report>): Report {
  return {
    target: ORIGIN,
    checkedAt: CHECKED_AT,
    verdict: 'ok',
    local: false,
    poppy: northlightPoppy(),
    skills: [],
    findings: [],
    documents: [doc('poppy', POPPY_URL, 200, true), doc('index', INDEX_URL, 200, true)],
    ...over,
  };
}

/** A finding as the engine makes it (about poppy.json unless `over` says otherwise). */
export function finding(said: Said, over: Partial<Finding> = {}): Finding {
  return { ...engineFinding(said, { document: POPPY_URL }), ...over };
}

/** Site text where the engine puts it: a value inside a finding's sentence. */
export function siteText(text: string): Said {
  return POPPY_CODES['invalid-extension-name'].says({ name: text });
}

/** Northlight Flowers: everything verified. */
export function northlightOk(): Report {
  return base({
    skills: [
      skill('change-flower-delivery', DIGESTS.change),
      skill('check-flower-order', DIGESTS.check),
      skill('find-flowers', DIGESTS.find),
    ],
    findings: [
      finding(ENGINE_CODES['missing-cache-control'].says({}), {
        document: `${ORIGIN}/.well-known/agent-skills/find-flowers/SKILL.md`,
      }),
    ],
  });
}

/** Northlight Flowers (stale skill test): the index lists the wrong digest for one skill. */
export function northlightStale(): Report {
  return base({
    verdict: 'errors',
    poppy: northlightPoppy({
      organization: { name: 'Northlight Flowers (stale skill test)', domain: 'northlight.poppy.test', domainMatches: true },
    }),
    skills: [
      skill('check-flower-order', DIGESTS.check),
      skill('change-flower-delivery', DIGESTS.stale, {
        status: 'mismatch',
        actualDigest: DIGESTS.change,
        mismatch: ['crlf-to-lf', 'final-newline-added'],
        frontmatter: null,
      }),
      skill('find-flowers', DIGESTS.find),
    ],
    findings: [
      finding(
        ENGINE_CODES['digest-mismatch'].says.plain({ skill: 'change-flower-delivery', expected: DIGESTS.stale, actual: DIGESTS.change }),
        {
          path: '$.skill_index.skills[0].digest',
          skill: 'change-flower-delivery',
        },
      ),
    ],
  });
}

export function signedOutOnly(): Report {
  return base({
    poppy: northlightPoppy({
      signInTypes: [{ type: 'signed-out', scopes: [] }],
      browserSessionEndpoint: null,
      agentProtocols: [],
      excludedTasks: [],
    }),
    skills: [skill('find-flowers', DIGESTS.find)],
  });
}

export function mediatedSignIn(): Report {
  return base({
    poppy: northlightPoppy({
      signInTypes: [
        {
          type: 'mediated',
          scopes: [{ name: 'poppy:read', description: null }],
          endpoint: 'https://auth.northlight.poppy.test/poppy/mediated',
          fields: [
            { name: 'username', label: 'Email', secret: false },
            { name: 'password', label: 'Password', secret: true },
          ],
        },
      ],
    }),
  });
}

/** Skills on another host, not fetched until the panel asks (D5). */
export function otherHostPending(): Report {
  return base({
    skills: [
      skill('find-flowers', DIGESTS.find),
      skill('check-flower-order', DIGESTS.check, {
        url: 'https://skills-cdn.poppy.test/check-flower-order/SKILL.md',
        status: 'not-checked',
        notChecked: 'other-host',
        actualDigest: null,
        frontmatter: null,
        reason: SKILL_REASONS.hostedOn({ host: 'skills-cdn.poppy.test' }),
      }),
    ],
  });
}

export function unrecognisedExcludedTasks(): Report {
  return base({
    verdict: 'warnings',
    poppy: northlightPoppy({ excludedTasks: [], excludedTasksRaw: { refunds: true, limit: 3 } }),
    findings: [
      finding(POPPY_CODES['excluded-tasks-unrecognised'].says.notArray({ field: 'excluded_tasks', kind: KINDS.object({}) }), {
        path: '$.excluded_tasks',
      }),
    ],
  });
}

/** One finding of each severity. */
export function withFindings(): Report {
  return base({
    verdict: 'errors',
    skills: [skill('find-flowers', DIGESTS.find)],
    findings: [
      finding(UNKNOWN_FIELD_CODES['unknown-field'].says.once({ field: 'skils' }), {
        path: '$.skils',
        hint: UNKNOWN_FIELD_CODES['unknown-field'].fixes.guess({ guess: '"skills"' }),
      }),
      finding(ENGINE_CODES['missing-cors'].says({})),
      finding(
        POPPY_CODES['domain-mismatch'].says({ field: 'organization.domain', domain: '"flowers.example"', host: 'northlight.poppy.test' }),
        {
          path: '$.organization.domain',
        },
      ),
    ],
  });
}

export function nothingPublished(): Report {
  return base({
    verdict: 'none',
    poppy: null,
    documents: [
      doc('poppy', POPPY_URL, 404, false),
      doc('index', INDEX_URL, 404, false),
      doc('legacy-index', `${ORIGIN}/.well-known/skills/index.json`, 404, false),
    ],
    findings: [finding(ENGINE_CODES['no-poppy-json'].says({}))],
  });
}

export function unreachable(): Report {
  return base({
    verdict: 'errors',
    poppy: null,
    documents: [doc('poppy', POPPY_URL, null, false), doc('index', INDEX_URL, null, false)],
    findings: [
      finding(ENGINE_CODES['site-unreachable'].says.refused({ address: new URL(ORIGIN).host }), {
        document: ORIGIN,
        hint: ENGINE_CODES['site-unreachable'].fixes.refused({}),
      }),
    ],
  });
}

/** Only /.well-known/agent-skills/index.json (D1): skills, no poppy.json. */
export function wellKnownOnly(): Report {
  return base({
    poppy: null,
    documents: [doc('poppy', POPPY_URL, 404, false), doc('index', INDEX_URL, 200, true)],
    skills: [skill('find-flowers', DIGESTS.find, { source: 'well-known' })],
  });
}

/** What a hostile site can put in the text fields the panel shows. */
export function hostile(): Report {
  return base({
    verdict: 'warnings',
    poppy: northlightPoppy({
      organization: { name: '<img src=x onerror=alert(1)>Evil', domain: 'evil.example', domainMatches: false },
      apis: [
        { type: 'openapi', url: 'javascript:alert(1)', description: '<script>alert(2)</script>', resource: null },
        { type: 'constructor', url: 'data:text/html,<script>alert(3)</script>', description: null, resource: null },
      ],
      browserSessionEndpoint: 'http://169.254.169.254/latest',
      excludedTasks: ['<iframe src="https://evil.example"></iframe>'],
    }),
    skills: [
      skill('evil', DIGESTS.find, {
        description: '<script>alert(4)</script>\u202Etxt.exe',
        frontmatter: JSON.parse('{"name":"evil","__proto__":"<b>x</b>","constructor":{"nested":"<script>"}}'),
      }),
    ],
  });
}
