import { ENGINE_CODES } from '../utils/engine/check/codes';
import type { Finding } from '../utils/engine/report/findings';
import { coverage, coverageWords } from '../utils/engine/report/coverage';
import { SEVERITY_LOOK, SKILL_STATUS_LOOK, type Tone } from '../utils/engine/report/look';
import type { Report, SkillReport } from '../utils/engine/report/report';
import { poppyAbsence, reportState } from '../utils/engine/report/state';
import {
  ARCHIVE_BRIEF_FILES,
  ARCHIVE_VIEW_WORDS,
  archiveSummary,
  entryDetail,
  moreFiles,
  RUNS_SYMBOL,
  runsWords,
} from '../utils/engine/report/archive-view';
import {
  TRUST_LINK_LOOK,
  TRUST_STATUS_LOOK,
  trustCheckSymbol,
  trustCheckWords,
  trustHeadline,
  trustLinkWords,
} from '../utils/engine/report/trust-words';
import type { Words } from '../utils/engine/report/words';
import type { TrustReport } from '../utils/engine/trust/types';
import { REPORT_WORDS } from '../utils/engine/report/report-words';
import { lensLines, LENS_WORDS } from '../utils/engine/lens';
import { SEVERITIES, type Severity } from '../utils/engine/spec';
import { hostText } from '../utils/engine/text/host-display';
import { hostOf } from '../utils/engine/text/host-of';
import { counted, english } from './english';
import type { CheckedTarget } from './report-output';
import { safeText, type Style } from './style';
import { columns, middle, wrapText } from './wrap';

const STATE_TITLES = { nothing: REPORT_WORDS.nothingTitle, unreadable: REPORT_WORDS.unreachableTitle };

/** What the `source` column of a skill line means, for the sources the report shows. */
const SOURCE_LEGEND: Record<SkillReport['source'], string> = {
  both: 'both = listed in poppy.json and in the well-known index',
  poppy: "poppy = listed only in poppy.json's skill_index",
  'well-known': 'well-known = listed only in /.well-known/agent-skills/index.json',
  legacy: 'legacy = listed only in the old /.well-known/skills/index.json',
};

/**
 * The human report the command line prints: summary, one line per skill, findings by severity.
 * `width` is the terminal's (null: not a terminal, nothing wrapped or shortened).
 */
export function formatHuman(report: Report, style: Style, elapsedMs: number, checked?: CheckedTarget, width: number | null = null): string {
  const lines: string[] = [];
  const t = (s: string | null | undefined) => safeText(s ?? '');
  const title = `Poppy Inspector · ${t(report.target)}`;
  const when = `(${report.checkedAt}, ${(elapsedMs / 1000).toFixed(2)} s)`;
  const oneLine = width === null || columns(title) + 2 + columns(when) <= width;
  lines.push(oneLine ? style.bold(title) + style.dim(`  ${when}`) : style.bold(title), ...(oneLine ? [] : [style.dim(`  ${when}`)]));
  lines.push(
    ...targetNotes(checked)
      .flatMap((n) => wrapText(n, width, '', '  '))
      .map((n) => style.dim(n)),
  );
  lines.push('');
  const p = report.poppy;
  if (p) {
    const org = p.organization;
    const domain = `(${org.domain ? t(hostText(org.domain)) : 'no domain'})`;
    lines.push(
      ...wrapText(
        `${domain} · protocol ${t(p.protocolVersion) || '?'}`,
        width,
        `${style.bold(t(org.name) || 'Unnamed organization')} `,
        '  ',
      ),
    );
    const row = (label: string, text: string) => lines.push(...wrapText(text, width, `  ${label.padEnd(16)}`, ' '.repeat(18)));
    const signIns = p.signInTypes.map((s) => (s.scopes.length ? `${s.type} (${s.scopes.map((x) => t(x.name)).join(', ')})` : s.type));
    row('Sign-in:', signIns.join('; ') || 'none declared');
    row('APIs:', p.apis.map((a) => `${t(a.type)} ${t(a.url)}`).join('; ') || 'none');
    if (p.browserSessionEndpoint) row('Browser session:', t(p.browserSessionEndpoint));
    row('Excluded tasks:', p.excludedTasks.length ? p.excludedTasks.map(t).join('; ') : 'none listed');
    if (report.trust) lines.push('', ...trustLines(report.trust, report.target, style));
  } else {
    // The panel's words for a site with nothing to show, from the one report state.
    const state = reportState(report);
    if (state === 'nothing' || state === 'unreadable') lines.push(style.bold(english(STATE_TITLES[state]({}))));
  }
  if (!p && !report.findings.some((f) => f.code === ENGINE_CODES['site-unreachable'].code)) {
    // When nothing answered, the one finding below says so; "could not be read" would mislead.
    const host = hostText(hostOf(report.target));
    const absence = poppyAbsence(report) === 'none' ? REPORT_WORDS.noPoppy({ host }) : REPORT_WORDS.poppyUnreadable({ host });
    lines.push(style.dim(safeText(english(absence))));
  }
  if (lines.at(-1) !== '') lines.push('');
  lines.push(style.bold(`Skills (${report.skills.length})`));
  if (report.skills.length === 0) lines.push(style.dim('  none'));
  const nameWidth = Math.min(40, Math.max(0, ...report.skills.map((s) => s.name.length)));
  for (const s of report.skills) lines.push(...skillLines(s, nameWidth, style, width));
  const sources = [...new Set(report.skills.map((s) => s.source))];
  if (sources.length > 0)
    lines.push(...wrapText(`source: ${sources.map((s) => SOURCE_LEGEND[s]).join('; ')}`, width, '  ', '    ').map(style.dim));
  lines.push('');
  lines.push(...findingLines(report.findings, style, checked, width));
  lines.push(verdictLine(report, style));
  return lines.join('\n');
}

/** How the input was read: the scheme given to a bare address, or the directory checked as files. */
function targetNotes(checked: CheckedTarget | undefined): string[] {
  if (checked?.directory != null) {
    const where = `Files in ${safeText(checked.directory)}, as served at ${safeText(checked.origin)}`;
    return [`${where}; served headers (CORS, Cache-Control, content types) are checked only on the deployed site.`];
  }
  if (checked?.assumedScheme === 'http') return ['No scheme given: checked over http, as this computer is a dev server.'];
  if (checked?.assumedScheme === 'https') return ['No scheme given: checked over https.'];
  return [];
}

/** The sign-in trust chain: the headline, each document, and what failed in it (--json has every value). */
function trustLines(trust: TrustReport, site: string, style: Style): string[] {
  const look = TRUST_STATUS_LOOK[trust.status];
  const tone = (t: Tone) => (t === 'ok' ? style.green : t === 'error' ? style.red : style.dim);
  const say = (words: Words) => safeText(english(words));
  const out = [`${style.bold('Sign-in trust')}  ${tone(look.tone)(look.symbol)} ${say(trustHeadline(trust, site))}`];
  for (const link of trust.links) {
    const status = TRUST_LINK_LOOK[link.status];
    out.push(`  ${tone(status.tone)(`${status.symbol} ${say(status.label({}))}`)}  ${say(trustLinkWords(link, trust, site))}`);
    if (link.url !== null) out.push(style.dim(`      ${safeText(link.url)}`));
    if (link.reason) out.push(style.dim(`      ${say(link.reason)}`));
    for (const check of link.checks.filter((c) => !c.ok)) out.push(`      ${trustCheckSymbol(check)} ${say(trustCheckWords(check))}`);
  }
  return out;
}

function skillLines(s: SkillReport, nameWidth: number, style: Style, width: number | null): string[] {
  const colour = s.status === 'verified' ? style.green : s.status === 'not-checked' || s.status === 'skipped' ? style.dim : style.red;
  const lead = `  ${colour(`${SKILL_STATUS_LOOK[s.status].symbol} ${s.status.padEnd(11)}`)} ${safeText(s.name).padEnd(nameWidth)}  `;
  const url = safeText(s.url ?? '');
  const head = `${lead}${s.source.padEnd(10)} `;
  // Narrow: the URL goes on a line of its own below, shortened in the middle if it must be.
  const below = width !== null && columns(head) + columns(url) > width;
  const out = below
    ? [lead + style.dim(s.source), style.dim(`      ${middle(url, Math.max(20, width - 6))}`)]
    : [lead + style.dim(`${s.source.padEnd(10)} ${url}`)];
  if (s.reason && s.status !== 'verified') out.push(...wrapText(safeText(english(s.reason)), width, '      ', '      ').map(style.dim));
  if (s.status === 'mismatch') {
    const digest = (d: string | null) => (width === null || d === null ? d : middle(d, Math.max(20, width - 15)));
    out.push(`      expected ${digest(s.expectedDigest)}`);
    out.push(`      actual   ${digest(s.actualDigest)}`);
  }
  if (s.archive) out.push(...archiveLines(s.archive, style));
  if (s.lens) out.push(...lensTextLines(s.lens, style));
  return out;
}

/** What the skill asks of an agent (D12): its lines, then each ask's passages, all site text made safe. */
function lensTextLines(lens: NonNullable<SkillReport['lens']>, style: Style): string[] {
  const out = [`      ${english(LENS_WORDS.title({}))}:`];
  for (const l of lensLines(lens)) {
    const items = l.items.length > 0 ? `: ${l.items.map(safeText).join(', ')}` : '';
    const text = `${english(l.words)}${items}`;
    out.push(`        ${l.warning ? style.yellow(`! ${text}`) : style.dim(`- ${text}`)}`);
    for (const p of l.passages) {
      const decoded = p.decoded === undefined ? '' : style.dim(`  → ${safeText(p.decoded)}`);
      out.push(
        `          ${style.dim(`${p.file !== undefined ? `${safeText(p.file)} ` : ''}${p.line > 0 ? `${english(LENS_WORDS.line({ line: String(p.line) }))}:` : ''}`)} ${safeText(p.text)}${decoded}`,
      );
    }
  }
  return out;
}

/** A verified archive, briefly: what it is, its first entries, and whether the list is whole. */
function archiveLines(archive: NonNullable<SkillReport['archive']>, style: Style): string[] {
  const out = [`      ${safeText(english(archiveSummary(archive)))}`];
  const shown = archive.files.slice(0, ARCHIVE_BRIEF_FILES);
  for (const file of shown) {
    const detail = entryDetail(file);
    const runs = runsWords(file);
    out.push(
      `        ${safeText(file.path)}${detail === null ? '' : style.dim(`  ${safeText(typeof detail === 'string' ? detail : english(detail))}`)}${runs === null ? '' : style.yellow(`  ${RUNS_SYMBOL} ${english(runs)}`)}`,
    );
  }
  const more = moreFiles(archive, shown.length);
  if (more) out.push(style.dim(`        ${safeText(english(more))}`));
  if (archive.partial) out.push(style.dim(`      ${safeText(english(ARCHIVE_VIEW_WORDS.partial({})))}`));
  return out;
}

function findingLines(findings: readonly Finding[], style: Style, checked: CheckedTarget | undefined, width: number | null): string[] {
  const out: string[] = [];
  for (const severity of SEVERITIES) {
    const group = findings.filter((f) => f.severity === severity);
    if (group.length === 0) continue;
    const colour = severity === 'error' ? style.red : severity === 'warning' ? style.yellow : style.dim;
    out.push(colour(style.bold(english(SEVERITY_LOOK[severity].heading({ count: group.length })))));
    for (const f of group) {
      const [first = '', ...rest] = wrapText(safeText(english(f.message)), width, `  ${f.code}  `, '      ');
      out.push(first.replace(f.code, colour(f.code)), ...rest);
      // The fix is the most useful line: full strength, not dimmed.
      out.push(...wrapText(safeText(english(f.hint)), width, `      ${style.bold('fix:')} `, '           '));
      const file = checked?.locations?.get(f);
      const place = file ? [file.file, file.line, file.column].filter((x) => x !== null).join(':') : f.document;
      const where = [place && safeText(place), f.path && safeText(f.path)].filter(Boolean).join(' ');
      if (where) out.push(...wrapText(where, width, '      at:  ', '           ').map(style.dim));
    }
    out.push('');
  }
  return out;
}

function verdictLine(report: Report, style: Style): string {
  const count = (sev: Severity) => report.findings.filter((f) => f.severity === sev).length;
  const tally = `${counted(count('error'), 'error')}, ${counted(count('warning'), 'warning')}, ${count('info')} info`;
  // The verdict's own token, not its words: CI logs and scripts match on `Verdict: errors`.
  const colour = report.verdict === 'errors' ? style.red : report.verdict === 'warnings' ? style.yellow : style.green;
  // What was not checked yet is never "everything checks out" (D5): it follows the tally.
  const unchecked = coverageWords(coverage(report)).map((w) => safeText(english(w)));
  const note = unchecked.length > 0 ? ` · ${unchecked.join(' ')}` : '';
  return `${style.bold('Verdict:')} ${colour(style.bold(report.verdict))} — ${tally}${note}`;
}
