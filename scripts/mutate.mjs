#!/usr/bin/env node
// A hand-written mutation pass over the checks (docs/testing.md, "Mutation pass"): each mutation
// changes one line of the engine the way a careless edit would (flip a comparison, drop a
// finding, move a cap by one, compare a digest prefix, skip a redirect check, accept http), runs
// the focused tests that should notice, and restores the file. A mutation the tests miss
// "survives". Prints killed / survived and the kill ratio.
//
//   node scripts/mutate.mjs                 every mutation
//   node scripts/mutate.mjs --only <id>...  some, by id
//   node scripts/mutate.mjs --list          the ids, files and tests, without running
//
// It edits the working tree: run it on a clean checkout. Each file is restored after its run,
// also on Ctrl-C; a `find` that no longer matches exactly once is reported as stale, not run.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const T = {
  engineRules: 'tests/engine/check/engine-rules.test.ts',
  engineSites: 'tests/engine/check/engine-sites.test.ts',
  hostile: 'tests/engine/check/hostile-engine.test.ts',
  digest: 'tests/engine/check/digest.test.ts',
  budget: 'tests/engine/check/budget.test.ts',
  skillCap: 'tests/engine/check/skill-cap.test.ts',
  fetch: 'tests/engine/net/fetch-bounded.test.ts',
  freshness: 'tests/engine/net/http-freshness.test.ts',
  policy: 'tests/engine/net/url-policy.test.ts',
  indexParse: 'tests/engine/skill-index/parse.test.ts',
  indexLimits: 'tests/engine/skill-index/limits.test.ts',
  checklist: 'tests/engine/skill-md/checklist.test.ts',
  chain: 'tests/engine/trust/chain.test.ts',
  verdict: 'tests/engine/report/verdict.test.ts',
  state: 'tests/engine/report/state.test.ts',
  poppyParse: 'tests/engine/poppy/parse.test.ts',
  cli: 'tests/cli/cli.test.ts',
};

const VERIFY = 'utils/engine/check/verify-skill.ts';
const DIGEST = 'utils/engine/check/digest.ts';
const SPEC = 'utils/engine/spec.ts';
const FETCH = 'utils/engine/net/fetch-bounded.ts';
const POLICY = 'utils/engine/net/url-policy.ts';
const VERDICT = 'utils/engine/report/verdict.ts';

/** @type {{ id: string, file: string, find: string, replace: string, tests: string[] }[]} */
const MUTATIONS = [
  // check/: the digest comparison and who may be asked
  {
    id: 'digest-prefix-32',
    file: VERIFY,
    find: 'if (actualHex !== expectedHex) {',
    replace: 'if (actualHex.slice(0, 32) !== expectedHex.slice(0, 32)) {',
    tests: [T.engineRules, T.digest],
  },
  {
    id: 'digest-never-mismatch',
    file: VERIFY,
    find: 'if (actualHex !== expectedHex) {',
    replace: 'if (false) {',
    tests: [T.engineRules, T.engineSites],
  },
  {
    id: 'other-host-contacted',
    file: VERIFY,
    find: 'if (origin !== ctx.site.origin && !ctx.mayContact(origin)) {',
    replace: 'if (false) {',
    tests: [T.engineRules, T.engineSites],
  },
  { id: 'hex-without-padding', file: DIGEST, find: "b.toString(16).padStart(2, '0')", replace: 'b.toString(16)', tests: [T.digest] },
  {
    id: 'digest-hex-unchecked',
    file: DIGEST,
    find: 'DIGEST_PATTERN.test(digest) ? digest.slice(DIGEST_PREFIX.length) : null',
    replace: 'digest.slice(DIGEST_PREFIX.length)',
    tests: [T.digest],
  },
  {
    id: 'explain-case-sensitive',
    file: DIGEST,
    find: 'const expected = expectedHex.toLowerCase();',
    replace: 'const expected = expectedHex;',
    tests: [T.digest],
  },
  {
    id: 'http-site-not-upgraded',
    file: 'utils/engine/check/check-site.ts',
    find: "if (url.protocol === 'http:' && !siteContext(url.origin).local) {",
    replace: 'if (false) {',
    tests: [T.engineSites, T.engineRules],
  },
  // spec.ts: formats and caps
  {
    id: 'digest-pattern-upper-hex',
    file: SPEC,
    find: 'export const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;',
    replace: 'export const DIGEST_PATTERN = /^sha256:[0-9a-fA-F]{64}$/;',
    tests: [T.indexParse, T.digest],
  },
  {
    id: 'poppy-cap-plus-one',
    file: SPEC,
    find: 'poppyBytes: 256 * 1024,',
    replace: 'poppyBytes: 256 * 1024 + 1,',
    tests: [T.fetch, T.hostile, T.engineSites],
  },
  {
    id: 'skill-md-cap-plus-one',
    file: SPEC,
    find: 'skillMdBytes: 1024 * 1024,',
    replace: 'skillMdBytes: 1024 * 1024 + 1,',
    tests: [T.fetch, T.hostile],
  },
  { id: 'timeout-doubled', file: SPEC, find: 'timeoutMs: 10_000,', replace: 'timeoutMs: 20_000,', tests: [T.fetch, T.hostile] },
  // net/: the fetch module
  {
    id: 'cap-off-by-one',
    file: FETCH,
    find: 'if (total > cap || (site && site.left < 0)) {',
    replace: 'if (total >= cap || (site && site.left < 0)) {',
    tests: [T.fetch],
  },
  {
    id: 'cap-ignored',
    file: FETCH,
    find: 'if (total > cap || (site && site.left < 0)) {',
    replace: 'if (site && site.left < 0) {',
    tests: [T.fetch],
  },
  {
    id: 'declared-length-ignored',
    file: FETCH,
    find: 'Number(declared) > cap) {',
    replace: 'Number(declared) > cap * 2) {',
    tests: [T.fetch],
  },
  { id: 'credentials-included', file: FETCH, find: "credentials: 'omit',", replace: "credentials: 'include',", tests: [T.fetch] },
  { id: 'referrer-sent', file: FETCH, find: "referrerPolicy: 'no-referrer',", replace: "referrerPolicy: 'origin',", tests: [T.fetch] },
  {
    id: 'redirect-hop-unchecked',
    file: FETCH,
    find: 'const next = checkFetchTarget(location, site, current);',
    replace: 'const next = { ok: true, url: new URL(location, current) };',
    tests: [T.fetch],
  },
  {
    id: 'redirect-limit-plus-one',
    file: FETCH,
    find: 'if (redirects.length >= limits.maxRedirects) {',
    replace: 'if (redirects.length > limits.maxRedirects) {',
    tests: [T.fetch],
  },
  {
    id: 'followed-redirect-unchecked',
    file: FETCH,
    find: 'const final = checkFetchTarget(attempt.url, site);',
    replace: 'const final = { ok: true };',
    tests: [T.fetch],
  },
  {
    id: 'any-2xx-accepted',
    file: FETCH,
    find: 'if (response.status !== 200) {',
    replace: 'if (response.status >= 300) {',
    tests: [T.fetch],
  },
  {
    id: '304-without-validators',
    file: FETCH,
    find: 'if (response.status === 304 && options.validators) {',
    replace: 'if (response.status === 304) {',
    tests: [T.fetch, T.freshness],
  },
  {
    id: 'site-budget-not-checked-first',
    file: FETCH,
    find: 'if (siteBytes && siteBytes.left <= 0) return overBudget(attempt, siteBytes);',
    replace: '',
    tests: [T.fetch, T.budget],
  },
  {
    id: 'public-http-accepted',
    file: POLICY,
    find: "  if (url.protocol === 'http:') {\n    return refuse('insecure-http'",
    replace: "  if (false) {\n    return refuse('insecure-http'",
    tests: [T.policy],
  },
  {
    id: 'loopback-only-127-0',
    file: POLICY,
    find: "if (a === 127) return 'loopback';",
    replace: "if (a === 127 && b === 0) return 'loopback';",
    tests: [T.policy],
  },
  {
    id: 'private-172-edge',
    file: POLICY,
    find: '(a === 172 && b >= 16 && b <= 31)',
    replace: '(a === 172 && b >= 16 && b < 31)',
    tests: [T.policy],
  },
  {
    id: 'cgnat-edge',
    file: POLICY,
    find: '(a === 100 && b >= 64 && b <= 127)',
    replace: '(a === 100 && b >= 64 && b <= 126)',
    tests: [T.policy],
  },
  { id: 'link-local-accepted', file: POLICY, find: "if (a === 169 && b === 254) return 'link-local';", replace: '', tests: [T.policy] },
  {
    id: 'password-only-accepted',
    file: POLICY,
    find: "if (url.username !== '' || url.password !== '') {",
    replace: "if (url.username !== '') {",
    tests: [T.policy],
  },
  {
    id: 'ipv4-mapped-accepted',
    file: POLICY,
    find: 'if ((upperZero && (g5 === 0xffff || g5 === 0)) || nat64) return classifyIpv4(embedded);',
    replace: 'if (nat64) return classifyIpv4(embedded);',
    tests: [T.policy],
  },
  {
    id: 'ten-is-local-site',
    file: POLICY,
    find: 'return ipv4(host)?.[0] === 127;',
    replace: 'return ipv4(host)?.[0] === 127 || ipv4(host)?.[0] === 10;',
    tests: [T.policy],
  },
  { id: 'single-label-accepted', file: POLICY, find: "if (!host.includes('.')) return 'single-label';", replace: '', tests: [T.policy] },
  {
    id: 'lan-suffix-accepted',
    file: POLICY,
    find: "['local', 'internal', 'home.arpa', 'lan']",
    replace: "['local', 'internal', 'home.arpa']",
    tests: [T.policy],
  },
  // skill-index/
  {
    id: 'skill-cap-plus-one',
    file: 'utils/engine/skill-index/parse.ts',
    find: 'const within = skills.slice(0, ctx.maxSkills);',
    replace: 'const within = skills.slice(0, ctx.maxSkills + 1);',
    tests: [T.indexLimits, T.skillCap, T.indexParse],
  },
  {
    id: 'duplicate-name-dropped',
    file: 'utils/engine/skill-index/parse.ts',
    find: "r.report(C['duplicate-name'].says(",
    replace: "void (C['duplicate-name'].says(",
    tests: [T.indexParse],
  },
  {
    id: 'digest-upper-accepted',
    file: 'utils/engine/skill-index/digest-format.ts',
    find: 'if (DIGEST_PATTERN.test(value)) return null;',
    replace: 'if (DIGEST_PATTERN.test(value.toLowerCase())) return null;',
    tests: [T.indexParse],
  },
  // skill-md/
  {
    id: 'name-max-plus-one',
    file: 'utils/engine/skill-md/name-rule.ts',
    find: 'codePoints(name) <= SKILL_NAME_MAX;',
    replace: 'codePoints(name) <= SKILL_NAME_MAX + 1;',
    tests: [T.checklist],
  },
  {
    id: 'description-max-plus-one',
    file: 'utils/engine/skill-md/fields.ts',
    find: 'if (length > DESCRIPTION_MAX) {',
    replace: 'if (length > DESCRIPTION_MAX + 1) {',
    tests: [T.checklist],
  },
  {
    id: 'compatibility-max-plus-one',
    file: 'utils/engine/skill-md/fields.ts',
    find: 'if (length <= COMPATIBILITY_MAX) return [];',
    replace: 'if (length <= COMPATIBILITY_MAX + 1) return [];',
    tests: [T.checklist],
  },
  {
    id: 'double-hyphen-accepted',
    file: SPEC,
    find: 'export const SKILL_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;',
    replace: 'export const SKILL_NAME_PATTERN = /^[a-z0-9]+(-+[a-z0-9]+)*$/;',
    tests: [T.checklist, T.indexParse],
  },
  // trust/
  {
    id: 'issuer-not-compared',
    file: 'utils/engine/trust/issuer.ts',
    find: 'ok: issuer === want.issuer }',
    replace: "ok: typeof issuer === 'string' }",
    tests: [T.chain],
  },
  {
    id: 'poppy-domains-not-checked',
    file: 'utils/engine/trust/issuer.ts',
    find: 'ok: listed?.includes(want.domain) ?? false,',
    replace: 'ok: listed !== null,',
    tests: [T.chain],
  },
  {
    id: 'trust-http-accepted',
    file: 'utils/engine/trust/compare.ts',
    find: "if (url?.protocol === 'https:') return",
    replace: "if (url?.protocol === 'https:' || url?.protocol === 'http:') return",
    tests: [T.chain],
  },
  {
    id: 'trust-other-host-contacted',
    file: 'utils/engine/trust/chain.ts',
    find: 'if (policy.url.origin !== ctx.site.origin && !ctx.mayContact(policy.url.origin)) {',
    replace: 'if (false) {',
    tests: [T.chain],
  },
  // poppy/: the domain binding (D2)
  {
    id: 'domain-www-kept',
    file: 'utils/engine/poppy/organization.ts',
    find: 'return h.startsWith(WWW) ? h.slice(WWW.length) : h;',
    replace: 'return h;',
    tests: [T.poppyParse],
  },
  {
    id: 'domain-suffix-match',
    file: 'utils/engine/poppy/organization.ts',
    find: 'if (comparable(domain) === comparable(requestedHost)) return true;',
    replace: 'if (comparable(domain).endsWith(comparable(requestedHost))) return true;',
    tests: [T.poppyParse],
  },
  // report/verdict.ts
  {
    id: 'our-limits-move-verdict',
    file: VERDICT,
    find: 'const site = findings.filter((f) => !f.ourLimit);',
    replace: 'const site = findings;',
    tests: [T.verdict, T.state],
  },
  {
    id: 'mismatch-not-error',
    file: VERDICT,
    find: " || skills.some((s) => s.status === 'mismatch')",
    replace: '',
    tests: [T.verdict, T.state],
  },
  {
    id: 'warnings-read-ok',
    file: VERDICT,
    find: "if (site.some((f) => f.severity === 'warning')) return 'warnings';",
    replace: '',
    tests: [T.verdict, T.state],
  },
  {
    id: 'nothing-published-ok',
    file: VERDICT,
    find: "return published ? 'ok' : 'none';",
    replace: "return 'ok';",
    tests: [T.verdict, T.state],
  },
  // the command line's --strict
  {
    id: 'strict-ignores-unchecked',
    file: 'cli/check.ts',
    find: "values.strict && (report.verdict === 'warnings' || !isComplete(coverage(report)))",
    replace: "values.strict && report.verdict === 'warnings'",
    tests: [T.cli],
  },
];

const PROJECT = (test) =>
  test.startsWith('tests/components/') ? 'components' : /^tests\/(extension|entrypoints)\//.test(test) ? 'wiring' : 'unit';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args.slice(args.indexOf('--only') + 1) : null;
const chosen = only ? MUTATIONS.filter((m) => only.includes(m.id)) : MUTATIONS;
if (args.includes('--list')) {
  for (const m of chosen) console.log(`${m.id.padEnd(30)} ${m.file}  →  ${m.tests.join(' ')}`);
  process.exit(0);
}

let restore = null;
process.on('SIGINT', () => {
  restore?.();
  process.exit(130);
});

const results = [];
const started = Date.now();
for (const m of chosen) {
  const original = readFileSync(m.file, 'utf8');
  const count = original.split(m.find).length - 1;
  if (count !== 1) {
    results.push({ ...m, outcome: 'stale' });
    console.log(`STALE     ${m.id} (${m.file}: the text to mutate occurs ${count} times)`);
    continue;
  }
  restore = () => writeFileSync(m.file, original);
  const t0 = Date.now();
  try {
    writeFileSync(
      m.file,
      original.replace(m.find, () => m.replace),
    );
    const projects = [...new Set(m.tests.map(PROJECT))].flatMap((p) => ['--project', p]);
    const run = spawnSync('npx', ['vitest', 'run', '--bail', '1', ...projects, ...m.tests], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', CI: '1' },
    });
    const outcome = run.status === 0 ? 'survived' : 'killed';
    results.push({ ...m, outcome });
    console.log(`${outcome.toUpperCase().padEnd(9)} ${m.id} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } finally {
    restore();
    restore = null;
    // The command line's tests bundle the source they run: rebuild it from the restored file.
    if (m.tests.some((t) => t.startsWith('tests/cli/'))) spawnSync('node', ['scripts/build-cli.mjs'], { stdio: 'ignore' });
  }
}

const killed = results.filter((r) => r.outcome === 'killed').length;
const survived = results.filter((r) => r.outcome === 'survived');
const stale = results.filter((r) => r.outcome === 'stale').length;
const ran = killed + survived.length;
console.log(
  `\n${ran} mutation(s) run in ${((Date.now() - started) / 1000).toFixed(0)} s: ${killed} killed, ${survived.length} survived` +
    `${stale ? `, ${stale} stale` : ''}; kill ratio ${ran ? ((killed / ran) * 100).toFixed(1) : '0.0'}%`,
);
for (const s of survived) console.log(`  survived: ${s.id} (${s.file}; tests ${s.tests.join(', ')})`);
process.exit(survived.length > 0 || stale > 0 ? 1 : 0);
