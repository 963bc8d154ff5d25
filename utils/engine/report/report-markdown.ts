import { SEVERITIES, SIGNED_OUT, SKILL_STATUSES, type Severity, type SkillStatus, type Verdict } from '../spec';
import type { Finding } from './findings';
import { MISMATCH_CAUSE_TEXT } from './mismatch-words';
import { poppyAbsence, type PoppyModel, type Report, type SignIn, type SkillReport } from './report';
import { hostOf } from '../text/host-of';

/** Shared with the command line's summary. */
export const POPPY_ABSENCE_TEXT: Record<ReturnType<typeof poppyAbsence>, string> = {
  none: 'No poppy.json is published on this site.',
  unreadable: 'A poppy.json answer came back but could not be used: see the findings.',
};

/**
 * A `Report` as Markdown, for "copy as Markdown" and the command line. Everything the site wrote
 * is escaped or put in code spans, so pasting the export into an issue or a chat cannot inject
 * links, images or HTML. English only: the panel's own text is localised, this export is not.
 */
export function reportToMarkdown(report: Report): string {
  const poppy = report.poppy;
  const lines: string[] = [
    `# Poppy Inspector report: ${mdText(poppy?.organization.name ?? hostOf(report.target))}`,
    '',
    `- Site: ${mdCode(report.target)}`,
    `- Checked: ${mdCode(report.checkedAt)}`,
    `- Verdict: ${VERDICT_TEXT[report.verdict]}`,
  ];
  if (report.local) lines.push('- Local development site: production-only rules are reported as info');
  if (poppy !== null) lines.push('', ...poppySection(poppy));
  else lines.push('', POPPY_ABSENCE_TEXT[poppyAbsence(report)]);
  lines.push('', ...skillsSection(report.skills));
  lines.push('', ...findingsSection(report.findings));
  if (report.documents.length > 0) {
    lines.push('', '## Documents fetched', '');
    for (const doc of report.documents) {
      const status = doc.httpStatus === null ? 'no response' : `HTTP ${doc.httpStatus}`;
      const details = [
        status,
        doc.contentType === null ? null : mdCode(doc.contentType),
        doc.bytes === null ? null : `${doc.bytes} bytes`,
        doc.redirected ? `redirected from ${mdCode(doc.requestedUrl)}` : null,
      ];
      lines.push(
        `- ${doc.kind}: ${mdCode(doc.url ?? doc.requestedUrl)} (${details.filter((d) => d !== null).join(', ')}; ${doc.published ? 'published' : 'not published'})`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

const VERDICT_TEXT: Readonly<Record<Verdict, string>> = {
  ok: '✓ OK',
  warnings: '⚠ Warnings',
  errors: '✗ Errors',
  none: '— Nothing published',
};

const STATUS_TEXT: Readonly<Record<SkillStatus, string>> = {
  verified: '✓ verified',
  mismatch: '✗ digest mismatch',
  invalid: '✗ invalid entry',
  blocked: '⚠ blocked by the URL policy',
  unreachable: '⚠ unreachable',
  skipped: '⚠ skipped (unknown type)',
  'not-checked': '— not checked',
};

const SIGN_IN_TEXT: Readonly<Record<SignIn['type'], string>> = {
  direct: 'Direct sign-in (the person approves on the company’s own page)',
  device: 'Device sign-in (the person approves on another device)',
  mediated: 'Mediated sign-in (the agent passes on the person’s username and password)',
  [SIGNED_OUT]: 'Signed-out use only',
};

function poppySection(poppy: PoppyModel): string[] {
  const org = poppy.organization;
  const match = org.domainMatches === true ? 'matches the site' : org.domainMatches === false ? 'does not match the site' : null;
  const out = [
    '## poppy.json',
    '',
    `- URL: ${mdCode(poppy.url)}${poppy.redirected ? ` (redirected from ${mdCode(poppy.requestedUrl)})` : ''}`,
  ];
  out.push(`- Organization: ${org.name === null ? 'not given' : mdText(org.name)}`);
  out.push(`- Domain: ${org.domain === null ? 'not given' : mdCode(org.domain)}${match === null ? '' : ` (${match})`}`);
  out.push(`- Protocol version: ${poppy.protocolVersion === null ? 'not given' : mdCode(poppy.protocolVersion)}`);
  if (poppy.issuer !== null) out.push(`- Issuer: ${mdCode(poppy.issuer)}`);
  out.push('', '### Sign-in', '');
  if (poppy.signInTypes.length === 0) out.push('- None offered');
  for (const signIn of poppy.signInTypes) {
    out.push(`- ${SIGN_IN_TEXT[signIn.type]}`);
    for (const scope of signIn.scopes)
      out.push(`  - ${mdCode(scope.name)}${scope.description === null ? '' : `: ${mdText(scope.description)}`}`);
    if (signIn.endpoint) out.push(`  - Credentials sent to ${mdCode(signIn.endpoint)}`);
    for (const field of signIn.fields ?? [])
      out.push(
        `  - Field ${mdCode(field.name)}${field.label === null ? '' : ` (${mdText(field.label)})`}${field.secret ? ', secret' : ''}`,
      );
  }
  if (poppy.browserSessionEndpoint !== null) out.push(`- Browser session endpoint: ${mdCode(poppy.browserSessionEndpoint)}`);
  if (poppy.apis.length > 0 || poppy.agentProtocols.length > 0) {
    out.push('', '### APIs', '');
    for (const api of poppy.apis)
      out.push(
        `- ${mdText(api.type)}: ${api.url === null ? 'no URL' : mdCode(api.url)}${api.description === null ? '' : `: ${mdText(api.description)}`}`,
      );
    for (const p of poppy.agentProtocols)
      out.push(`- Agent protocol ${p.type === null ? '' : mdCode(p.type)}: ${p.endpoint === null ? 'no endpoint' : mdCode(p.endpoint)}`);
  }
  if (poppy.extensions.length > 0)
    out.push('', `Extensions: ${poppy.extensions.map((e) => mdCode(e.version === null ? e.name : `${e.name} ${e.version}`)).join(', ')}`);
  out.push('', '### Excluded tasks', '');
  if (poppy.excludedTasks.length === 0 && (poppy.excludedTasksRaw === null || poppy.excludedTasksRaw === undefined))
    out.push('None listed.');
  for (const task of poppy.excludedTasks) out.push(`- ${mdText(task)}`);
  if (poppy.excludedTasksRaw !== null && poppy.excludedTasksRaw !== undefined) {
    out.push('Unrecognised shape, as published:', '', ...fence(JSON.stringify(poppy.excludedTasksRaw, null, 2) ?? 'undefined', 'json'));
  }
  return out;
}

function skillsSection(skills: readonly SkillReport[]): string[] {
  const out = [`## Skills (${skills.length})`, ''];
  if (skills.length === 0) return [...out, 'None published.'];
  out.push('A verified digest proves a file is the one the site published, not that its advice is safe.', '');
  const rank = (s: SkillReport) => SKILL_STATUSES.indexOf(s.status);
  for (const skill of [...skills].sort((a, b) => rank(a) - rank(b))) {
    out.push(`- **${mdText(skill.name)}**: ${STATUS_TEXT[skill.status]}${skill.url === null ? '' : `, ${mdCode(skill.url)}`}`);
    if (skill.description !== null) out.push(`  - ${mdText(skill.description)}`);
    if (skill.reason !== undefined && skill.status !== 'verified') out.push(`  - Reason: ${mdText(skill.reason)}`);
    if (skill.status === 'mismatch') {
      out.push(`  - Expected digest: ${skill.expectedDigest === null ? 'none' : mdCode(skill.expectedDigest)}`);
      out.push(`  - Actual digest: ${skill.actualDigest === null ? 'none' : mdCode(skill.actualDigest)}`);
      for (const cause of skill.mismatch ?? []) out.push(`  - ${MISMATCH_CAUSE_TEXT[cause]}`);
      out.push('  - The company’s guidance in this skill could not be verified and must not be used.');
    }
  }
  return out;
}

const SEVERITY_HEADING: Readonly<Record<Severity, string>> = { error: 'Errors', warning: 'Warnings', info: 'Info' };

function findingsSection(findings: readonly Finding[]): string[] {
  const out = ['## Findings', ''];
  if (findings.length === 0) return [...out, 'No findings.'];
  for (const severity of SEVERITIES) {
    const group = findings.filter((f) => f.severity === severity);
    if (group.length === 0) continue;
    out.push(`### ${SEVERITY_HEADING[severity]} (${group.length})`, '');
    for (const f of group) {
      const where = [
        f.skill === undefined ? null : `skill ${mdCode(f.skill)}`,
        f.document === null ? null : mdCode(f.document),
        f.path === null ? null : mdCode(f.path),
      ];
      out.push(`- ${mdCode(f.code)} ${mdText(f.message)}`, `  - Fix: ${mdText(f.hint)}`);
      const located = where.filter((w) => w !== null);
      if (located.length > 0) out.push(`  - At: ${located.join(' ')}`);
    }
    out.push('');
  }
  return out.slice(0, -1);
}

/**
 * Site text as inline Markdown on one line: inline syntax (emphasis, code, links, HTML, entities,
 * GFM tables and strikethrough) is escaped everywhere, block syntax (`#`, `-`, `1.`) at the start.
 */
export function mdText(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|~&]/g, '\\$&')
    .replace(/^(\d{1,9})([.)])/, '$1\\$2')
    .replace(/^[#+-]/, '\\$&');
}

/** A code span that survives backticks in the value (CommonMark: a longer fence). */
export function mdCode(value: string): string {
  const oneLine = value.replace(/\s+/g, ' ');
  const longest = Math.max(0, ...(oneLine.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = oneLine.startsWith('`') || oneLine.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${oneLine}${pad}${ticks}`;
}

/** A fenced block longer than any backtick run inside. */
function fence(value: string, lang: string): string[] {
  const longest = Math.max(0, ...(value.match(/`{3,}/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  return [`${ticks}${lang}`, value, ticks];
}
