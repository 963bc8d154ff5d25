import { SEVERITIES, SKILL_STATUSES } from '../spec';
import type { Finding } from './findings';
import { lensLines } from '../lens/view';
import { LENS_WORDS } from '../lens/words';
import { ARCHIVE_BRIEF_FILES, ARCHIVE_VIEW_WORDS, archiveSummary, entryDetail, moreFiles } from './archive-view';
import {
  apiTypeWords,
  DOCUMENT_KIND_WORDS,
  PROTOCOL_SCOPE_WORDS,
  SEVERITY_LOOK,
  SIGN_IN_WORDS,
  SKILL_STATUS_LOOK,
  skillStateWords,
  VERDICT_LOOK,
} from './look';
import { fence, mdCode, mdText } from './markdown-text';
import { MISMATCH_CAUSE_WORDS } from './mismatch-words';
import { renderParam, renderText, type MessageSource } from './render';
import type { DocumentInfo, PoppyModel, Report, SkillReport } from './report';
import { poppyAbsence } from './state';
import { REPORT_WORDS as W } from './report-words';
import { list, type Param, type Words } from './words';
import { coverage, coverageWords } from './coverage';
import { TRUST_LINK_LOOK, TRUST_STATUS_LOOK, trustCheckSymbol, trustCheckWords, trustHeadline, trustLinkWords } from './trust-words';
import type { TrustReport } from '../trust/types';
import { hostText } from '../text/host-display';
import { escapeHiddenInJson } from '../text/reveal';
import { hostOf } from '../text/host-of';

export { mdCode, mdText } from './markdown-text';

/**
 * A `Report` as Markdown, for "Copy as Markdown", in the reader's language (`source`). Everything
 * the site wrote is escaped or put in code spans, so pasting the export into an issue or a chat
 * cannot inject links, images or HTML. Words from the catalog are ours and go in as they are;
 * a finding's message holds site text, so it is escaped as a whole.
 */
export function reportToMarkdown(report: Report, source: MessageSource): string {
  const say = (words: Words) => renderText(source, words);
  const line = (label: Param, value: Param) => `- ${say(W.labelValue({ label, value }))}`;
  const poppy = report.poppy;
  const lines: string[] = [
    `# ${say(W.title({ name: mdText(poppy?.organization.name ?? hostText(hostOf(report.target))) }))}`,
    '',
    line(W.site({}), mdCode(report.target)),
    line(W.checked({}), mdCode(report.checkedAt)),
    line(W.verdict({}), `${VERDICT_LOOK[report.verdict].symbol} ${say(VERDICT_LOOK[report.verdict].label({}))}`),
  ];
  for (const words of coverageWords(coverage(report))) lines.push(`- ${say(words)}`);
  if (report.local) lines.push(`- ${say(W.localSite({}))}`);
  const host = hostText(hostOf(report.target));
  if (poppy !== null) lines.push('', ...poppySection(poppy, host, source, line));
  else lines.push('', say(poppyAbsence(report) === 'none' ? W.noPoppy({ host: mdCode(host) }) : W.poppyUnreadable({ host: mdCode(host) })));
  if (report.trust) lines.push('', ...trustSection(report.trust, report.target, say));
  lines.push('', ...skillsSection(report.skills, say, line));
  lines.push('', ...findingsSection(report.findings, say));
  if (report.documents.length > 0) {
    lines.push('', `## ${say(W.documentsHeading({}))}`, '');
    for (const doc of report.documents) lines.push(line(DOCUMENT_KIND_WORDS[doc.kind]({}), documentLine(doc, say)));
  }
  return `${lines.join('\n')}\n`;
}

type Say = (words: Words) => string;
type Line = (label: Param, value: Param) => string;

function documentLine(doc: DocumentInfo, say: Say): string {
  const details: Param[] = [
    doc.httpStatus === null ? W.docNoResponse({}) : W.docHttp({ status: doc.httpStatus }),
    ...(doc.contentType === null ? [] : [mdCode(doc.contentType)]),
    ...(doc.bytes === null ? [] : [W.docBytes({ count: doc.bytes })]),
    ...(doc.redirected ? [W.docRedirected({ url: mdCode(doc.requestedUrl) })] : []),
    doc.published ? W.docPublished({}) : W.docNotPublished({}),
  ];
  return say(W.valueNote({ value: mdCode(doc.url ?? doc.requestedUrl), note: list(details) }));
}

function poppySection(poppy: PoppyModel, host: string, source: MessageSource, line: Line): string[] {
  const say = (words: Words) => renderText(source, words);
  const org = poppy.organization;
  const given = (value: string | null, shown: (v: string) => string = mdCode): Param => (value === null ? W.notGiven({}) : shown(value));
  const url = mdCode(poppy.url);
  const out = [`## ${say(DOCUMENT_KIND_WORDS.poppy({}))}`, ''];
  out.push(
    line(W.url({}), poppy.redirected ? W.valueNote({ value: url, note: W.docRedirected({ url: mdCode(poppy.requestedUrl) }) }) : url),
  );
  out.push(line(W.organization({}), given(org.name, mdText)));
  const match = org.domainMatches === true ? W.domainMatches({}) : org.domainMatches === false ? W.domainDiffers({ host }) : null;
  const domain = given(org.domain, (d) => mdCode(hostText(d)));
  out.push(line(W.domain({}), match === null || org.domain === null ? domain : W.valueNote({ value: domain, note: match })));
  out.push(line(W.protocolVersion({}), given(poppy.protocolVersion)));
  if (poppy.issuer !== null) out.push(line(W.issuer({}), mdCode(poppy.issuer)));
  out.push('', `### ${say(W.signInHeading({}))}`, '');
  if (poppy.signInTypes.length === 0) out.push(`- ${say(W.signInNone({}))}`);
  for (const signIn of poppy.signInTypes) {
    out.push(`- ${say(SIGN_IN_WORDS[signIn.type]({}))}`);
    for (const scope of signIn.scopes) {
      const words = scope.description === null ? (PROTOCOL_SCOPE_WORDS.get(scope.name)?.({}) ?? null) : mdText(scope.description);
      out.push(`  - ${words === null ? mdCode(scope.name) : say(W.labelValue({ label: mdCode(scope.name), value: words }))}`);
    }
    if (signIn.endpoint) out.push(`  - ${say(W.mediatedEndpoint({}))} ${mdCode(signIn.endpoint)}`);
    const fields = (signIn.fields ?? []).map((field) => {
      const name = field.label === null ? mdCode(field.name) : say(W.valueNote({ value: mdCode(field.name), note: mdText(field.label) }));
      return field.secret ? W.fieldSecret({ field: name }) : name;
    });
    if (fields.length > 0) out.push(`  - ${say(W.mediatedFields({ fields: list(fields) }))}`);
  }
  if (poppy.browserSessionEndpoint !== null) out.push(`- ${say(W.browserSession({}))} ${mdCode(poppy.browserSessionEndpoint)}`);
  if (poppy.apis.length > 0) {
    out.push('', `### ${say(W.apisHeading({}))}`, '');
    for (const api of poppy.apis) {
      const type = mdText(renderText(source, apiTypeWords(api.type)));
      const where = given(api.url);
      out.push(line(type, api.description === null ? where : W.labelValue({ label: where, value: mdText(api.description) })));
    }
  }
  if (poppy.agentProtocols.length > 0) {
    out.push('', `### ${say(W.agentProtocolsHeading({}))}`, '');
    for (const p of poppy.agentProtocols) out.push(`- ${say(W.labelValue({ label: given(p.type), value: given(p.endpoint) }))}`);
  }
  if (poppy.extensions.length > 0) {
    const names = poppy.extensions.map((e) => mdCode(e.version === null ? e.name : `${e.name} ${e.version}`));
    out.push('', `${say(W.extensionsLabel({}))} ${renderParam(source, list(names))}`);
  }
  out.push('', `### ${say(W.excludedHeading({}))}`, '');
  const raw = poppy.excludedTasksRaw !== null && poppy.excludedTasksRaw !== undefined;
  if (poppy.excludedTasks.length === 0 && !raw) out.push(say(W.excludedNone({})));
  for (const task of poppy.excludedTasks) out.push(`- ${mdText(task)}`);
  if (raw)
    out.push(
      say(W.excludedUnrecognised({})),
      '',
      ...fence(escapeHiddenInJson(JSON.stringify(poppy.excludedTasksRaw, null, 2) ?? 'undefined'), 'json'),
    );
  return out;
}

/** The sign-in trust chain: the headline, then each document with what it compared. */
function trustSection(trust: TrustReport, site: string, say: Say): string[] {
  const look = TRUST_STATUS_LOOK[trust.status];
  const out = [`## ${say(W.trustHeading({}))}`, '', `${look.symbol} ${say(trustHeadline(trust, site, mdCode))}`, ''];
  for (const link of trust.links) {
    const status = TRUST_LINK_LOOK[link.status];
    out.push(`- ${status.symbol} ${say(W.labelValue({ label: trustLinkWords(link, trust, site, mdCode), value: status.label({}) }))}`);
    if (link.url !== null) out.push(`  - ${mdCode(link.url)}`);
    if (link.reason !== undefined) out.push(`  - ${say(W.labelValue({ label: W.reason({}), value: mdText(say(link.reason)) }))}`);
    for (const check of link.checks) out.push(`  - ${trustCheckSymbol(check)} ${say(trustCheckWords(check, mdCode))}`);
  }
  return out;
}

function skillsSection(skills: readonly SkillReport[], say: Say, line: Line): string[] {
  const out = [`## ${say(W.skillsHeading({ count: skills.length }))}`, ''];
  if (skills.length === 0) return [...out, say(W.skillsNone({}))];
  out.push(say(W.verifiedMeaning({})), '');
  const rank = (s: SkillReport) => SKILL_STATUSES.indexOf(s.status);
  for (const skill of [...skills].sort((a, b) => rank(a) - rank(b))) {
    const status = `${SKILL_STATUS_LOOK[skill.status].symbol} ${say(skillStateWords(skill))}`;
    out.push(line(`**${mdText(skill.name)}**`, status));
    if (skill.url !== null) out.push(`  - ${mdCode(skill.url)}`);
    if (skill.description !== null) out.push(`  - ${mdText(skill.description)}`);
    if (skill.reason !== undefined && skill.status !== 'verified') out.push(`  ${line(W.reason({}), mdText(say(skill.reason)))}`);
    if (skill.status === 'mismatch') {
      out.push(`  ${line(W.expectedDigest({}), skill.expectedDigest === null ? W.notGiven({}) : mdCode(skill.expectedDigest))}`);
      out.push(`  ${line(W.actualDigest({}), skill.actualDigest === null ? W.notGiven({}) : mdCode(skill.actualDigest))}`);
      for (const cause of skill.mismatch ?? []) out.push(`  - ${say(MISMATCH_CAUSE_WORDS[cause]({}))}`);
      out.push(`  - ${say(W.mismatchConsequence({}))}`);
    }
    if (skill.archive) out.push(...archiveLines(skill.archive, say));
    if (skill.lens) out.push(...lensMarkdown(skill.lens, say));
  }
  return out;
}

/** What the skill asks of an agent (D12): its lines, passages as code spans, never links. */
function lensMarkdown(lens: NonNullable<SkillReport['lens']>, say: Say): string[] {
  const out = [`  - ${say(LENS_WORDS.title({}))}`];
  for (const l of lensLines(lens)) {
    const items = l.items.length > 0 ? `: ${l.items.map(mdCode).join(', ')}` : '';
    out.push(`    - ${l.warning ? '⚠ ' : ''}${say(l.words)}${items}`);
    for (const p of l.passages) {
      const decoded = p.decoded === undefined ? '' : ` → ${mdCode(p.decoded)}`;
      const file = p.file !== undefined ? `${mdCode(p.file)} ` : '';
      out.push(`      - ${file}${p.line > 0 ? `${say(LENS_WORDS.line({ line: String(p.line) }))}: ` : ''}${mdCode(p.text)}${decoded}`);
    }
  }
  return out;
}

/** A verified archive, briefly: its summary, its first entries (names in code spans), and whether the list is whole. */
function archiveLines(archive: NonNullable<SkillReport['archive']>, say: Say): string[] {
  const shown = archive.files.slice(0, ARCHIVE_BRIEF_FILES);
  const entries = shown.map((file) => {
    const detail = entryDetail(file);
    return detail === null ? mdCode(file.path) : `${mdCode(file.path)} (${mdText(typeof detail === 'string' ? detail : say(detail))})`;
  });
  const more = moreFiles(archive, shown.length);
  const out = [`  - ${say(archiveSummary(archive))}`];
  if (entries.length > 0) out.push(`    - ${[...entries, ...(more ? [say(more)] : [])].join(', ')}`);
  if (archive.partial) out.push(`    - ${say(ARCHIVE_VIEW_WORDS.partial({}))}`);
  return out;
}

function findingsSection(findings: readonly Finding[], say: Say): string[] {
  const out = [`## ${say(W.findingsHeading({}))}`, ''];
  if (findings.length === 0) return [...out, say(W.noFindings({}))];
  for (const severity of SEVERITIES) {
    const group = findings.filter((f) => f.severity === severity);
    if (group.length === 0) continue;
    out.push(`### ${say(SEVERITY_LOOK[severity].heading({ count: group.length }))}`, '');
    for (const f of group) {
      out.push(`- ${mdCode(f.code)} ${mdText(say(f.message))}`, `  - ${say(W.fix({ hint: mdText(say(f.hint)) }))}`);
      const where = [
        ...(f.skill === undefined ? [] : [say(W.skill({ name: mdCode(f.skill) }))]),
        ...(f.document === null ? [] : [mdCode(f.document)]),
        ...(f.path === null ? [] : [mdCode(f.path)]),
      ];
      if (where.length > 0) out.push(`  - ${say(W.labelValue({ label: W.at({}), value: where.join(' ') }))}`);
    }
    out.push('');
  }
  return out.slice(0, -1);
}
