/**
 * The lens's patterns (D12, docs/lens.md). They run over the readable, lower-cased text
 * (normalize.ts); each is linear (no nested quantifiers over the same characters), so the text
 * cap bounds their time. Tuned on real skills: a pattern names what a skill *asks*, not a topic it
 * discusses, so a skill about OAuth is not a skill that asks for a password.
 */
import { inRanges } from './ranges';

export type EveryAsk = 'credentials' | 'approval' | 'hidden-comment' | 'hidden-characters' | 'data-in-url';

/** A person's secrets: what no skill needs, since a Session signs in on the company's own page. */
const SECRET =
  '(?:passwords?|passcodes?|passphrases?|pins?|api[ _-]?keys?|access[ _-]?tokens?|bearer[ _-]?tokens?|refresh[ _-]?tokens?|auth(?:entication|orization)?[ _-]?(?:tokens?|headers?|cookies?)|session[ _-]?(?:tokens?|cookies?|headers?|ids?|keys?)|cookies?|credentials?|secrets?|private[ _-]?keys?|ssh[ _-]?keys?|seed[ _-]?phrases?|recovery[ _-]?(?:phrases?|codes?)|one[ _-]?time[ _-]?(?:codes?|passwords?)|otps?|2fa[ _-]?codes?|mfa[ _-]?codes?|verification[ _-]?codes?|card[ _-]?numbers?|cvv|cvc|tokens?)';
/** What a person's secrets are asked with, in the words of a request to the person. */
const PERSONAL_SECRET =
  '(?:passwords?|passcodes?|passphrases?|pins?|session[ _-]?(?:tokens?|cookies?|headers?|ids?)|cookies?|login[ _-]?(?:details|credentials)|credentials|seed[ _-]?phrases?|recovery[ _-]?(?:phrases?|codes?)|private[ _-]?keys?|one[ _-]?time[ _-]?(?:codes?|passwords?)|otps?|2fa[ _-]?codes?|mfa[ _-]?codes?|verification[ _-]?codes?|card[ _-]?numbers?|cvv|cvc|security[ _-]?(?:codes?|answers?))';
const PERSON = '(?:the\\s+)?(?:user|customer|person|owner|account\\s+holder|them|him|her)';
const WORDS = (n: number) => `(?:[\\w'’-]+\\s+){0,${n}}?`;
/** Somewhere data leaves to: a URL, a host, an address, a webhook. */

const re = (source: string) => new RegExp(source, 'g');

/** A pattern, the words it cannot match without (each group: one of them must occur, a cheap
 *  `includes` before the expensive scan), and how its negation is judged. */
export interface AskPattern {
  re: RegExp;
  needs: readonly (readonly string[])[];
  /** "without asking", "do not put": a rule before it ("never … without") turns it around. */
  negation: 'claim' | 'rule' | 'none';
  /** A command or path counts even quoted as code; words in quotes are an example. */
  code?: true;
}

const PERSONAL_WORDS = [
  'passw',
  'passc',
  'passph',
  'pin',
  'session',
  'cookie',
  'login',
  'credential',
  'seed',
  'recovery',
  'private',
  'one-time',
  'one time',
  'otp',
  '2fa',
  'mfa',
  'verification',
  'card',
  'cvv',
  'cvc',
  'security',
];
const SECRET_WORDS = [
  'passw',
  'passc',
  'passph',
  'pin',
  'key',
  'token',
  'header',
  'session',
  'cookie',
  'credential',
  'secret',
  'seed',
  'recovery',
  'one-time',
  'one time',
  'otp',
  '2fa',
  'mfa',
  'code',
  'card',
  'cvv',
  'cvc',
];
const SKIP_WORDS = ['without', 'no need', 'never', "don't", 'dont', 'do not', "needn't", 'need not', 'skip', 'bypass', 'avoid', 'omit'];
const TLD =
  '(?:com|net|org|io|dev|ai|app|co|xyz|site|online|info|biz|me|ru|cn|tk|top|link|click|cloud|page|gg|to|cc|ws|su|pw|in|uk|de|fr|workers\\.dev|pages\\.dev)';
/** Somewhere data leaves to: a URL, a host, an address, a webhook. */
const ELSEWHERE = `(?:https?://|www\\.|[a-z0-9-]+\\.${TLD}\\b|[\\w.+-]+@[\\w-]+\\.|(?:this|that|the|our|my|a)\\s+(?:following\\s+)?(?:webhook|endpoint|url|server|address|collector|form|channel))`;

/** Family 1 of D12, by kind. */
export const ASKS: [EveryAsk, AskPattern[]][] = [
  [
    'credentials',
    [
      // "Ask the user for their password", "have them paste the session cookie".
      {
        re: re(
          `\\b(?:ask|prompt|request|get|collect|obtain|have|make|tell)\\s+${PERSON}\\s+(?:for|(?:to\\s+)?(?:give|provide|enter|type|share|paste|send|supply|tell|reveal|read(?:\\s+out)?|copy|forward))\\s+${WORDS(4)}${PERSONAL_SECRET}\\b`,
        ),
        needs: [PERSONAL_WORDS],
        negation: 'claim',
      },
      // "Request the customer's password", "collect their 2FA code".
      {
        re: re(
          `\\b(?:ask\\s+for|request|collect|obtain|get|require|need)\\s+(?:the\\s+)?(?:user'?s?|customer'?s?|person'?s?|their|his|her|your)\\s+${WORDS(2)}${PERSONAL_SECRET}\\b`,
        ),
        needs: [PERSONAL_WORDS],
        negation: 'claim',
      },
      // "Send the token to https://…", "post the cookie to this webhook".
      {
        re: re(
          `\\b(?:send|post|upload|forward|transmit|exfiltrate|e-?mail|submit|share|leak|relay|report|copy|pass|include|append|attach)\\s+${WORDS(5)}${SECRET}\\s+${WORDS(4)}(?:to|into|at|with|in)\\s+${WORDS(2)}${ELSEWHERE}`,
        ),
        needs: [
          SECRET_WORDS,
          [
            'send',
            'post',
            'upload',
            'forward',
            'transmit',
            'exfiltrat',
            'mail',
            'submit',
            'share',
            'leak',
            'relay',
            'report',
            'copy',
            'pass',
            'include',
            'append',
            'attach',
          ],
        ],
        negation: 'rule',
      },
      // Reading a person's keys or the browser's cookies.
      {
        re: /\b(?:cat|type|get-content|less|more|head|tail|base64|xxd|read|upload|send|copy|exfiltrate|open|print|dump)\s+(?:the\s+)?(?:file\s+)?(?:contents\s+of\s+)?`?(?:~|\$home|%userprofile%)\/\.(?:ssh\/id_|aws\/credentials|gnupg|netrc|git-credentials|docker\/config\.json|kube\/config)|\bdocument\.cookie\b|\blocalstorage\.getitem\(\s*['"][^'"\n]{0,40}(?:token|session|auth)|\bsecurity\s+find-(?:generic|internet)-password\b/g,
        needs: [
          [
            '.ssh',
            '.aws',
            '.gnupg',
            '.netrc',
            'git-credentials',
            '.docker',
            '.kube',
            'document.cookie',
            'localstorage',
            'find-generic',
            'find-internet',
          ],
        ],
        negation: 'rule',
        code: true,
      },
      // The environment, a key file or a shell history piped to the network.
      {
        re: /\b(?:printenv|env|set|cat\s+\S*(?:\.env|credentials|id_rsa|\.npmrc|\.pypirc|history))\s*\|\s*(?:curl|wget|nc|ncat|netcat)\b/g,
        needs: [['|'], ['curl', 'wget', 'nc']],
        negation: 'none',
        code: true,
      },
    ],
  ],
  [
    'approval',
    [
      // "The user has already approved", "the customer pre-approved all orders".
      {
        re: re(
          `\\b(?:the\\s+)?(?:user|customer|person|owner|account\\s+holder)\\s+(?:(?:has|have|had)\\s+(?:already\\s+|previously\\s+|implicitly\\s+)?|(?:already|previously|implicitly)\\s+)(?:approved|authori[sz]ed|consented|agreed|pre-?approved|given\\s+(?:their\\s+|full\\s+)?(?:approval|consent|permission))\\b|\\b(?:user|customer|person|owner)\\s+(?:approved|authori[sz]ed|consented\\s+to)\\s+(?:all|every|any|everything|this\\s+skill|in\\s+advance)\\b`,
        ),
        needs: [['approved', 'authori', 'consented', 'agreed', 'given']],
        negation: 'claim',
      },
      {
        re: /\b(?:pre-?approved|pre-?authori[sz]ed|already\s+(?:been\s+)?(?:approved|authori[sz]ed|confirmed))\s+(?:by\s+the\s+)?(?:user|customer|person|owner|for\s+(?:all|every|any))\b/g,
        needs: [['approved', 'authori', 'confirmed']],
        negation: 'claim',
      },
      {
        re: /\b(?:approval|consent|permission|authori[sz]ation|confirmation)\s+(?:is|has\s+been|was|are|have\s+been)\s+(?:already\s+)?(?:given|granted|implied|assumed|implicit|not\s+(?:needed|required|necessary))\b/g,
        needs: [
          ['given', 'granted', 'implied', 'assumed', 'implicit', 'needed', 'required', 'necessary'],
          ['approval', 'consent', 'permission', 'authori', 'confirmation'],
        ],
        negation: 'claim',
      },
      // Leave to skip the person's confirmation.
      {
        re: /\b(?:without|no\s+need\s+to|never|don'?t|do\s+not|needn'?t|need\s+not|skip(?:ping)?|bypass(?:ing)?|avoid|omit)\s+(?:\w+\s+){0,2}?(?:ask(?:ing)?\s+(?:the\s+(?:user|customer|person)\s+)?(?:for\s+)?(?:confirmation|permission|approval|consent)|(?:confirm(?:ing)?|check(?:ing)?)\s+with\s+the\s+(?:user|customer|person)|(?:the\s+)?(?:user'?s?\s+|customer'?s?\s+)?(?:confirmation|approval|consent)\s+(?:step|prompt|dialog|screen|from))/g,
        needs: [['confirm', 'permission', 'approval', 'consent', 'check'], SKIP_WORDS],
        negation: 'rule',
      },
      { re: /\bskip\s+(?:the\s+)?(?:user\s+|customer\s+)?(?:confirmation|approval|consent)\b/g, needs: [['skip']], negation: 'rule' },
      // Overriding the agent's own rules.
      {
        re: /\b(?:ignore|disregard|forget|override|bypass|set\s+aside)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:your|the|previous|prior|earlier|above|preceding|system|safety|agent'?s?|other)\s+(?:previous\s+|prior\s+|earlier\s+|system\s+|safety\s+|other\s+|own\s+|original\s+)?(?:instructions|rules|guidelines|guardrails|restrictions|policies|prompts?|safety\s+(?:rules|checks|measures))\b/g,
        needs: [
          ['ignore', 'disregard', 'forget', 'override', 'bypass', 'set aside'],
          ['instruction', 'rule', 'guideline', 'guardrail', 'restriction', 'polic', 'prompt', 'safety'],
        ],
        negation: 'rule',
      },
      {
        re: /\b(?:you\s+are|you're)\s+(?:now\s+)?(?:no\s+longer\s+bound|free\s+from|exempt\s+from|released\s+from)\b/g,
        needs: [['longer bound', 'free from', 'exempt from', 'released from']],
        negation: 'none',
      },
      // Granting access or scopes: the protocol says a skill grants none.
      {
        re: /\b(?:this\s+|the\s+)?skill\s+(?:\w+\s+){0,2}?(?:grants?|gives?|confers?|unlocks?|elevates?)\s+(?:you\s+|the\s+agent\s+)?(?:full\s+|admin(?:istrator)?\s+|elevated\s+|unrestricted\s+|additional\s+|extra\s+)?(?:account\s+)?(?:access|scopes?|permissions?|authori[sz]ation|admin|privileges|rights)\b/g,
        needs: [['skill'], ['grant', 'give', 'confer', 'unlock', 'elevat']],
        negation: 'claim',
      },
      {
        re: /\byou\s+(?:now\s+|already\s+)?(?:have|hold)\s+(?:been\s+granted\s+)?(?:full|admin(?:istrator)?|unrestricted|elevated|root)\s+(?:access|permissions?|rights|privileges|scopes?)\b/g,
        needs: [['you '], ['full', 'admin', 'unrestricted', 'elevated', 'root']],
        negation: 'claim',
      },
      {
        re: /\b(?:has|have)\s+been\s+granted\s+(?:to\s+you\s+)?(?:the\s+)?(?:[\w:*-]+\s+)?(?:scopes?|access|permissions?)\b|\b(?:scopes?|access|permissions?)\s+(?:has|have)\s+(?:already\s+)?been\s+granted\b/g,
        needs: [['been granted']],
        negation: 'claim',
      },
    ],
  ],
];

/** True when every group of `needs` has a word in `lower`. */
export function mayMatch(lower: string, pattern: AskPattern): boolean {
  return pattern.needs.every((group) => group.some((w) => lower.includes(w)));
}

/** Words before a match, in its own clause, that turn a claim into a condition ("unless the user has approved"). */
const CONDITION =
  /\b(?:no|not|never|nor|cannot|unless|until|before|once|after|if|whether|only\s+when|only\s+if|wait\s+for|ask\s+for|grants?\s+no|does\s+not|without)\b|n't\b/;
/** Words before a rule-shaped match that make it a rule to keep ("never … without confirmation"). */
const DOUBLE_NEGATION = /^(?:never|don'?t|do\s+not|no\s+need\s+to)\s+(?:\w+\s+){0,2}?without\b/;
const RULE = /\b(?:no|not|never|nor|cannot)\b|n't\b/;
/** A CLI flag's own description ("`--yes`: skip confirmation prompts") is not an instruction. */
const FLAG_LINE = /(?:^|[\s`|])--?(?:y|yes|force|f|no-confirm|assume-yes|non-interactive|quiet)\b/;

/** True when the clause around a match negates it, makes it a condition or quotes it. */
export function negated(lower: string, index: number, pattern: AskPattern): boolean {
  const quote = lower[index - 1];
  // Quoted as an example ("ignore previous instructions" in a list of attack strings).
  if (!pattern.code && (quote === '"' || quote === '`' || quote === '“' || quote === "'")) return true;
  if (pattern.negation === 'none') return false;
  const lineStart = lower.lastIndexOf('\n', index) + 1;
  const lineEnd = lower.indexOf('\n', index);
  if (pattern.negation === 'rule' && FLAG_LINE.test(lower.slice(lineStart, lineEnd < 0 ? undefined : lineEnd))) return true;
  let before = lower.slice(Math.max(lineStart, index - 60), index);
  const stop = Math.max(
    before.lastIndexOf('. '),
    before.lastIndexOf(';'),
    before.lastIndexOf(': '),
    before.lastIndexOf('! '),
    before.lastIndexOf('? '),
  );
  if (stop >= 0) before = before.slice(stop + 1);
  // "Never proceed without asking": two negations make a rule to ask.
  if (pattern.negation === 'rule') return RULE.test(before) || DOUBLE_NEGATION.test(lower.slice(index, index + 60));
  const self = lower.slice(index, index + 80).split(/[.;\n]/, 1)[0]!;
  // "grants no access", "has not approved": the match itself says no.
  if (/\b(?:grants?|gives?|has|have|is|was)\s+(?:no|not|never)\b|n't\b/.test(self)) return true;
  return CONDITION.test(before);
}

/** HTML comments, by index: a linear walk (a regular expression over thousands of unclosed
 *  openers would scan the rest of the text from each). */
export function htmlComments(text: string): { index: number; inner: string }[] {
  const out: { index: number; inner: string }[] = [];
  for (let open = text.indexOf('<!--'); open !== -1;) {
    const close = text.indexOf('-->', open + 4);
    if (close === -1) break;
    out.push({ index: open, inner: text.slice(open + 4, Math.min(close, open + 4 + 4000)) });
    open = text.indexOf('<!--', close + 3);
  }
  return out;
}

/** Tooling directives people leave in Markdown: not instructions to an agent. */
const TOOL_COMMENT =
  /^\s*(?:markdownlint|prettier|eslint|toc|end\s*toc|begin|end|start|stop|omit in toc|vale|cspell|textlint|alex|lint|tab|tabs|tabs:|include|snippet|region|endregion|x-release-please|auto-generated|generated|do not edit|@|#)/i;
/** Words that address an agent or tell it to act. */
const ADDRESS =
  /\b(?:you|your|agent|assistant|ai|llm|model|claude|gpt|ignore|disregard|must|always|never|instead|send|post|upload|run|execute|curl|fetch|visit|open|token|secret|password|cookie|credentials?|approv\w*|system\s+prompt|instruction\w*|do\s+not|don't)\b/i;

/** An HTML comment that reads as an instruction, not a lint directive or an editor's note. */
export function instructionLike(inner: string): boolean {
  const text = inner.trim();
  if (text === '' || TOOL_COMMENT.test(text)) return false;
  const words = text.split(/\s+/).length;
  return words >= 4 && ADDRESS.test(text);
}

/** URLs as Markdown, HTML or plain text write them. */
export const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`)\]]{1,2048}/g;
export const DATA_URI = /\bdata:[a-z]+\/[\w.+-]+(?:;[\w=.-]+)*;base64,[A-Za-z0-9+/=]{16,4096}/g;

/** Placeholders a template fills with what the agent knows: data leaving in the URL. */
const CARRIED_NAME =
  /(?:\{\{?|\$\{|\$|<|%)\s*[\w.]*(?:conversation|history|chat|messages?|prompt|context|memory|secret|password|cookie|session|token|api[_-]?key|credential|ssh|env|email|address|phone|user[_-]?data|personal|summary|transcript)[\w.]*\s*(?:\}\}?|>|%)?/i;
const BASE64_RUN = /[A-Za-z0-9+/_-]{40,}={0,2}/g;

/**
 * What a link or image URL carries, decoded, or null when it carries nothing: a placeholder the
 * agent would fill with the conversation or a secret, or a long base64 text in its query or path.
 * An image fetches itself when shown: any placeholder there leaks.
 */
export function dataInUrl(url: string, text: string, index: number): string | null {
  const before = text.slice(Math.max(0, index - 200), index);
  const image = /!\[[^\]\n]*\]\($|<img\b[^>]*src=["']?$/i.test(before);
  let decodedUrl = url;
  try {
    decodedUrl = decodeURIComponent(url);
  } catch {
    /* kept as written */
  }
  const cut = decodedUrl.search(/[?#]/);
  const query = cut >= 0 ? decodedUrl.slice(cut) : '';
  if (image && /(?:\{\{?|\$\{|<)\s*\w+/.test(query)) return decodedUrl;
  if (CARRIED_NAME.test(query)) return decodedUrl;
  // A run as a whole (base64 has `/`), then each path segment or value (base64url has none).
  const runs = [...decodedUrl.matchAll(BASE64_RUN)].map((m) => m[0]);
  for (const piece of [...runs, ...decodedUrl.split(/[/?&=#]/).filter((p) => p.length >= 40)]) {
    const plain = decodeBase64Text(piece);
    if (plain !== null) return plain;
  }
  return null;
}

/** A URL a person follows or a page loads: a link or image target, an autolink or one in prose;
 *  not one inside code, where it is an example of a call (its host still counts). */
export function linkLike(text: string, index: number, fences: readonly [number, number][]): boolean {
  if (inRanges(fences, index)) return false;
  const lineStart = text.lastIndexOf('\n', index) + 1;
  let ticks = 0;
  for (let i = lineStart; i < index; i++) if (text.charCodeAt(i) === 96) ticks++;
  return ticks % 2 === 0;
}

/** Base64 (or base64url) that decodes to readable text, else null: hashes and ids decode to noise. */
export function decodeBase64Text(b64: string): string | null {
  const s = b64.replace(/-/g, '+').replace(/_/g, '/');
  if (s.length % 4 === 1) return null;
  let bin: string;
  try {
    bin = atob(s + '='.repeat((4 - (s.length % 4)) % 4));
  } catch {
    return null;
  }
  let printable = 0;
  for (let i = 0; i < bin.length; i++) {
    const c = bin.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c === 0x0a || c === 0x09) printable++;
  }
  if (bin.length < 24 || printable / bin.length < 0.95 || !/[a-z]{3,}\s/i.test(bin)) return null;
  return bin;
}

export function decodeDataUri(uri: string): string {
  const b64 = uri.slice(uri.indexOf(',') + 1);
  return decodeBase64Text(b64) ?? uri.slice(0, uri.indexOf(','));
}

/** The host a URL names, in its ASCII form; null when it names none. */
export function hostOf(url: string): string | null {
  try {
    const host = new URL(url.replace(/[.,;:!?]+$/, '')).hostname;
    return /[a-z]/i.test(host) && host.includes('.') ? host : null;
  } catch {
    return null;
  }
}

const SHELL_LANGS =
  /^(?:bash|sh|shell|zsh|fish|console|terminal|shell-session|shellsession|powershell|pwsh|ps1|ps|cmd|bat|batch|nushell)$/i;
/** Programs a skill runs through a shell, as the first word of a command. */
const PROGRAMS =
  'security|curl|wget|bash|sh|zsh|sudo|python3?|node|npx|npm|pnpm|yarn|bun|deno|pip3?|pipx|uv|uvx|git|docker|kubectl|helm|make|go|cargo|ruby|perl|php|java|gradle|mvn|chmod|rm|mv|cp|mkdir|cat|echo|export|source|ssh|scp|nc|ncat|powershell|pwsh|iex|iwr|invoke-webrequest|invoke-expression|brew|apt|apt-get|yum|terraform|aws|gcloud|az|gh|openssl|base64|eval|exec';
const RUN_INLINE = new RegExp(
  `\\b(?:run|execute|invoke|launch|type|enter|paste)\\s+(?:this\\s+|the\\s+following\\s+|the\\s+command\\s+)?\`((?:${PROGRAMS}|\\.{0,2}/)[^\`\\n]{0,300})\``,
  'gi',
);
const SCRIPT_FILE =
  /\b(?:run|execute|invoke|launch|call|start)\s+(?:the\s+)?(?:bundled\s+|included\s+|helper\s+)?(?:script\s+)?`?((?:\.{0,2}\/)?(?:[\w.-]+\/)*[\w.-]+\.(?:sh|bash|py|js|mjs|ts|rb|pl|ps1|bat|cmd|php))`?/gi;
const PIPE_TO_SHELL =
  /\b(?:curl|wget|iwr|invoke-webrequest)\b[^\n|]{0,300}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\biex\s*\(|\binvoke-expression\b/gi;

/** Commands and scripts a skill tells an agent to run: shell code blocks, `$ ` prompts, "run `…`". */
export function commandsIn(text: string, fences: readonly [number, number][]): { value: string; index: number }[] {
  const out: { value: string; index: number }[] = [];
  for (const [start, end] of fences) {
    const block = text.slice(start, end);
    const firstLine = block.slice(0, block.indexOf('\n') >= 0 ? block.indexOf('\n') : block.length);
    const lang =
      firstLine
        .replace(/^\s*[`~]+/, '')
        .trim()
        .split(/[\s{,]/, 1)[0] ?? '';
    const body = block.slice(firstLine.length + 1);
    const lines = body.split('\n');
    let offset = start + firstLine.length + 1;
    for (const line of lines) {
      const t = line.trim();
      const prompt = /^(?:\$|>|PS>|PS [^>]*>)\s+(\S.*)$/.exec(t);
      const command = prompt ? prompt[1]! : SHELL_LANGS.test(lang) && t && !t.startsWith('#') && !/^[`~]{3,}/.test(t) ? t : null;
      if (command && (SHELL_LANGS.test(lang) || new RegExp(`^(?:${PROGRAMS})\\b`, 'i').test(command)))
        out.push({ value: command, index: offset });
      offset += line.length + 1;
    }
  }
  for (const m of text.matchAll(RUN_INLINE)) out.push({ value: m[1]!.trim(), index: m.index });
  for (const m of text.matchAll(SCRIPT_FILE)) out.push({ value: m[1]!, index: m.index });
  for (const m of text.matchAll(PIPE_TO_SHELL)) if (!inRanges(fences, m.index)) out.push({ value: m[0], index: m.index });
  return out.map((c) => ({ ...c, value: c.value.length > 120 ? `${c.value.slice(0, 119)}…` : c.value }));
}

/** Hosts a command contacts without a scheme (`ssh deploy@host`, `nc host 80`). */
export function commandHosts(commands: readonly { value: string }[]): string[] {
  const out: string[] = [];
  for (const c of commands) {
    for (const m of c.value.matchAll(
      /\b(?:ssh|scp|nc|ncat|netcat|telnet|ping|dig|nslookup)\s+(?:-\S+\s+)*(?:[\w.-]+@)?((?:[a-z0-9-]+\.)+[a-z]{2,})\b/gi,
    ))
      out.push(m[1]!.toLowerCase());
  }
  return out;
}

/** Words before a colon that make a URL scheme, an image tag or a label, not a scope. */
const NOT_SCOPES = new Set([
  'http',
  'https',
  'mailto',
  'data',
  'file',
  'ftp',
  'ws',
  'wss',
  'javascript',
  'urn',
  'git',
  'ssh',
  'tel',
  'sms',
  'about',
  'chrome',
  'blob',
  'npm',
  'node',
  'docker',
  'github',
  's3',
  'gs',
  'jdbc',
  'redis',
  'postgres',
  'postgresql',
  'mysql',
  'mongodb',
  'localhost',
  'note',
  'tip',
  'warning',
  'example',
  'step',
  'todo',
  'fixme',
  'id',
  'type',
  'name',
  'key',
  'value',
  'error',
  'info',
  'debug',
  'std',
  'self',
  'this',
]);
const SCOPE = /(?<![\w/:.@-])([a-z][a-z0-9_-]*:[a-z*][a-z0-9_.*-]*)(?![\w/:@(-])/g;

/** Scopes a skill names: `a:b` words in code, in a table cell, or right after the word "scope". */
export function scopesIn(text: string): { value: string; index: number }[] {
  const out: { value: string; index: number }[] = [];
  for (const m of text.matchAll(SCOPE)) {
    const name = m[1]!;
    if (NOT_SCOPES.has(name.slice(0, name.indexOf(':')).toLowerCase())) continue;
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const coded = text[m.index - 1] === '`' && text[m.index + name.length] === '`';
    const inTable = /^\s*\|/.test(text.slice(lineStart, m.index));
    if (coded || inTable || /\bscopes?\b/i.test(before)) out.push({ value: name, index: m.index });
  }
  return out;
}

const OPERATION = /\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+`?((?:https?:\/\/[^\s/`]+)?\/[^\s`'"()<>|\]]*)/g;

/** `GET /poppy/orders?x=1` → method and path, query and trailing punctuation dropped. */
export function operationsIn(text: string): { value: string; method: string; path: string; index: number }[] {
  const out: { value: string; method: string; path: string; index: number }[] = [];
  for (const m of text.matchAll(OPERATION)) {
    let path = m[2]!.replace(/[?#].*$/, '').replace(/[.,;:!]+$/, '');
    if (/^https?:/.test(path)) {
      try {
        path = new URL(path).pathname;
      } catch {
        continue;
      }
    }
    out.push({ value: `${m[1]} ${path}`, method: m[1]!, path, index: m.index });
  }
  return out;
}

/** operationIds a skill names: `x` right before or after an operation, or after "operation"/"tool"/"call". */
export function operationIdsIn(text: string): { value: string; index: number }[] {
  const out: { value: string; index: number }[] = [];
  const id = '`([A-Za-z_][\\w.-]{1,80})`';
  const paired = new RegExp(`${id}\\s*\\(\\s*\`?(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\\s`, 'g');
  const named = new RegExp(`\\b(?:operation(?:\\s*id|Id)?|tool|call(?:\\s+the)?|invoke(?:\\s+the)?)\\s*:?\\s*${id}`, 'gi');
  for (const m of text.matchAll(paired)) out.push({ value: m[1]!, index: m.index });
  for (const m of text.matchAll(named)) if (!/^(?:GET|POST|PUT|PATCH|DELETE)\b/.test(m[1]!)) out.push({ value: m[1]!, index: m.index });
  return out;
}

/** A skill that says what it cannot do (the protocol's guidance: "Say what the skill can't do"). */
export const LIMITS_STATED =
  /\b(?:cannot|can't|can\s+not|is\s+not\s+able|does\s+not|doesn't|do\s+not\s+use\s+(?:this|it)|not\s+(?:offered|supported|available|possible|for)|grants?\s+no|limitations?|out\s+of\s+scope|won't|will\s+not|when\s+not\s+to\s+use|never)\b/;
