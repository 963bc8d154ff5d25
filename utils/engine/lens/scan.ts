import { LENS_LIMITS } from '../spec';
import { revealHidden } from '../text/reveal';
import { hiddenCharacters, INVISIBLE, readable } from './normalize';
import * as P from './patterns';
import { fencedRanges, inRanges } from './ranges';
import type { LensPassage } from './types';

/** What one skill's text names and asks, before anything is judged against a company's offer. */
export interface LensScan {
  /** Family 1 of D12, judged the same for every skill. */
  asks: Record<P.EveryAsk, LensFound>;
  commands: Named[];
  hosts: Named[];
  scopes: Named[];
  /** `GET /poppy/orders`: method upper case, path without query. */
  operations: (Named & { method: string; path: string })[];
  operationIds: Named[];
  saysLimits: boolean;
  /** Reading stopped at the text cap or the time budget. */
  cut: 'size' | 'time' | null;
}

export interface LensFound {
  count: number;
  passages: LensPassage[];
}

export interface Named {
  value: string;
  line: number;
}

const now = () => performance.now();

/** LENS_LIMITS, widened so tests can shrink them. */
export type LensLimits = { readonly [K in keyof typeof LENS_LIMITS]: number };

/** Scans a verified skill's text (D12). Offline; never throws; bounded by LENS_LIMITS. */
export function scanSkillText(text: string, limits: LensLimits = LENS_LIMITS): LensScan {
  const started = now();
  const cut: LensScan['cut'] = text.length > limits.textChars ? 'size' : null;
  const raw = cut ? text.slice(0, limits.textChars) : text;
  const rawLines = raw.split('\n');
  const read = readable(raw);
  const lower = read.toLowerCase();
  const lineStarts = starts(read);
  const lineOf = (index: number) => lineAt(lineStarts, index);
  const fences = fencedRanges(read);
  const scan: LensScan = {
    asks: { credentials: found(), approval: found(), 'hidden-comment': found(), 'hidden-characters': found(), 'data-in-url': found() },
    commands: [],
    hosts: [],
    scopes: [],
    operations: [],
    operationIds: [],
    saysLimits: false,
    cut,
  };
  const passage = (index: number, decodedText?: string): LensPassage => {
    const line = lineOf(index);
    const rawLine = (rawLines[line - 1] ?? '').slice(0, limits.passageChars * 4);
    const p: LensPassage = { line, text: clipAround(revealHidden(rawLine), limits.passageChars) };
    const plain = clipAround(
      read
        .slice(lineStarts[line - 1], Math.min(lineStarts[line] ?? read.length, lineStarts[line - 1]! + limits.passageChars * 4))
        .replace(/\n$/, ''),
      limits.passageChars,
    );
    if (decodedText !== undefined) p.decoded = clipAround(decodedText, limits.passageChars);
    else if (plain !== rawLine.slice(0, limits.passageChars) && plain !== p.text) p.decoded = plain;
    return p;
  };
  const add = (kind: P.EveryAsk, index: number, decoded?: string) => {
    const f = scan.asks[kind];
    f.count++;
    const line = lineOf(index);
    if (f.passages.length < limits.passages && !f.passages.some((p) => p.line === line)) f.passages.push(passage(index, decoded));
  };
  const outOfTime = () => {
    if (now() - started <= limits.budgetMs) return false;
    scan.cut = 'time';
    return true;
  };

  // Hidden characters, over the raw text: what a reader of the page cannot see.
  const hidden = hiddenCharacters(raw);
  if (hidden.count > 0) {
    const first = raw.search(
      /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFE00-\uFE0D]|[\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]|(?<!^)\uFEFF/u,
    );
    const at = first < 0 ? 0 : lineAtRaw(raw, first);
    const f = scan.asks['hidden-characters'];
    f.count = hidden.count;
    // Clipped before spelling out: a line of 100 000 hidden characters is not worth revealing whole.
    const rawLine = (rawLines[at - 1] ?? '').slice(0, limits.passageChars * 4);
    const p: LensPassage = { line: at, text: clipAround(revealHidden(rawLine), limits.passageChars) };
    p.decoded = clipAround(hidden.tags ? hidden.tags : readable(rawLine), limits.passageChars);
    f.passages.push(p);
  }

  for (const [kind, patterns] of P.ASKS) {
    for (const pattern of patterns) {
      if (!P.mayMatch(lower, pattern)) continue;
      for (const m of lower.matchAll(pattern.re)) {
        if (P.negated(lower, m.index, pattern)) continue;
        add(kind, m.index);
      }
    }
    if (outOfTime()) return scan;
  }

  // HTML comments outside code: an agent reads them, a person reading the rendered page does not.
  for (const c of P.htmlComments(read)) {
    if (inRanges(fences, c.index)) continue;
    if (P.instructionLike(c.inner)) add('hidden-comment', c.index, c.inner.trim().replace(/\s+/g, ' '));
  }

  for (const m of read.matchAll(P.URL_IN_TEXT)) {
    const url = m[0];
    const carried = P.linkLike(read, m.index, fences) ? P.dataInUrl(url, read, m.index) : null;
    if (carried !== null) add('data-in-url', m.index, carried);
  }
  // Hosts as written (lookalikes not folded: `northlіght.example` is another host), hidden characters dropped.
  const unhidden = raw.replace(INVISIBLE, '');
  const unhiddenStarts = starts(unhidden);
  for (const m of unhidden.matchAll(P.URL_IN_TEXT)) {
    const host = P.hostOf(m[0]);
    if (host) pushNamed(scan.hosts, host, lineAt(unhiddenStarts, m.index), limits.items);
  }
  if (read.includes('base64,')) for (const m of read.matchAll(P.DATA_URI)) add('data-in-url', m.index, P.decodeDataUri(m[0]));
  if (outOfTime()) return scan;

  for (const c of P.commandsIn(read, fences)) pushNamed(scan.commands, c.value, lineOf(c.index), limits.items);
  for (const h of P.commandHosts(scan.commands)) pushNamed(scan.hosts, h, 0, limits.items);
  for (const s of P.scopesIn(read)) pushNamed(scan.scopes, s.value, lineOf(s.index), limits.items);
  for (const o of P.operationsIn(read)) {
    if (scan.operations.length >= limits.items) break;
    if (!scan.operations.some((x) => x.value === o.value)) scan.operations.push({ ...o, line: lineOf(o.index) });
  }
  for (const id of P.operationIdsIn(read)) pushNamed(scan.operationIds, id.value, lineOf(id.index), limits.items);
  scan.saysLimits = P.LIMITS_STATED.test(lower);
  outOfTime();
  return scan;
}

const found = (): LensFound => ({ count: 0, passages: [] });

function pushNamed(list: Named[], value: string, line: number, max: number) {
  if (list.length < max && !list.some((n) => n.value === value)) list.push({ value, line });
}

function starts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

/** 1-based line of `index`. */
function lineAt(lineStarts: readonly number[], index: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function lineAtRaw(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function clipAround(text: string, max: number): string {
  const t = text.trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}

/** A verified archive's SKILL.md scan, with its other text files' added: passages name their file. */
export function mergeScans(
  main: LensScan,
  others: readonly { path: string; scan: LensScan }[],
  limits: LensLimits = LENS_LIMITS,
): LensScan {
  for (const { path, scan } of others) {
    for (const [kind, found] of Object.entries(scan.asks) as [P.EveryAsk, LensFound][]) {
      const into = main.asks[kind];
      into.count += found.count;
      for (const p of found.passages) if (into.passages.length < limits.passages) into.passages.push({ ...p, file: path });
    }
    for (const key of ['commands', 'hosts', 'scopes', 'operationIds'] as const)
      for (const n of scan[key]) pushNamed(main[key], n.value, n.line, limits.items);
    for (const o of scan.operations)
      if (main.operations.length < limits.items && !main.operations.some((x) => x.value === o.value)) main.operations.push(o);
    main.cut ??= scan.cut;
  }
  return main;
}
