/** The help texts: `poppy-inspector --help`, `<command> --help`, and beside every usage error. */
import { CLI_CHECK_MS } from '../utils/engine/spec';

export const CHECK_HELP = `Usage: poppy-inspector check <site-url | directory> [options]

Fetch and verify what a site publishes for agents: poppy.json, its skill index,
/.well-known/agent-skills/index.json and every skill's sha256 digest. A directory
laid out like the site's root (<dir>/.well-known/poppy.json, …) is checked as if
it were served: run it before you deploy.

A URL without a scheme is checked over http when it names this computer
(localhost, *.localhost, 127.0.0.1, [::1]) and over https otherwise.

  --format <f>         text (default), json, markdown or sarif
  --json               the same as --format json
  --output <file>      write the report in that format to <file>; the text
                       summary still goes to the terminal
  --strict             exit 1 on warnings too, and when anything was left
                       unchecked (skills on other hosts with --same-origin-only,
                       past --max-skills, sign-in documents not fetched)
  --same-origin-only   contact no other host (skills there stay not-checked)
  --origin <url>       a directory's site origin (default: https:// and the
                       organization.domain of its poppy.json)
  --max-skills <n>     entries checked per index (default 1000)
  --timeout <s>        seconds the whole check may take (default ${CLI_CHECK_MS / 1000}); what is
                       not done by then is unreachable ("the site was too slow")
  --resolve <h>:<ip>   connect to <ip> for host <h>, like curl --resolve;
                       *.<domain> pins every name under it (repeatable)
  --cacert <file>      also trust this CA certificate (PEM)
  --baseline <file>    compare with an earlier --json report: what changed
                       (skills, issuer, scopes, excluded tasks, APIs)
  --fail-on-change     with --baseline: exit 1 when anything changed

Exit codes: 0 no errors (with --strict: no warnings, nothing unchecked),
1 errors found (or, with --fail-on-change, a change), 2 could not run (bad
arguments, an unreadable baseline, or nothing answered at the address).`;

export const INDEX_HELP = `Usage: poppy-inspector index <directory> [--write | --dry-run] [--init] [--origin <url>]

Recompute every digest in poppy.json's skill_index and in
.well-known/agent-skills/index.json from the files they point at, name every
shape of the index that agents cannot use, and print what a repair changes.
Exit 1 while something is left to repair, so it can gate a deploy.

  --write          repair what is mechanical, changing no other byte: the
                   $schema URI, sha256 fields to digest, a missing type the url
                   names, missing or stale digests; a site with only the legacy
                   .well-known/skills/index.json gets a v0.2.0 index (the legacy
                   file stays). What needs your edit is listed, with the edit.
  --dry-run        print the repair as a diff; write nothing
  --init           no index yet: write .well-known/agent-skills/index.json from
                   .well-known/agent-skills/*/SKILL.md (name and description
                   from each frontmatter)
  --origin <url>   the site's origin, for absolute URLs (default: https:// and
                   the organization.domain of poppy.json)

Files are read as check reads a directory: regular files inside it, links
resolved, under the check's size caps. Nothing is written through a link.

Exit codes: 0 nothing to repair (or all of it was written), 1 something to
repair or to fix by hand, 2 could not run (or could not write; the original is
then unchanged).`;

export const SURVEY_HELP = `Usage: poppy-inspector survey <file | -> [options]
       poppy-inspector survey --summarize <results.jsonl>...

Check many sites (one per line; blank lines and # comments are skipped; - reads
stdin). One JSON object per site on stdout, progress and a closing summary on
stderr. The output is line-oriented and order-free: split a long list, run each
part anywhere, then cat the parts together and --summarize them.

  --concurrency <n>    sites checked at once (default 8; each site has at most
                       6 requests in flight)
  --deadline <s>       seconds a site may take in all (default 60); what is not
                       done by then is unreachable ("the site was too slow")
  --full               each line carries the whole report
  --output <file>      append the JSON lines to <file> instead of stdout
  --resume <file>      skip sites already in <file> (an earlier run's output);
                       an unfinished last line in the --output file is dropped
                       and its site checked again
  --allow-local        check listed targets on this computer (localhost,
                       127.0.0.1 in any spelling); without it they are refused
                       before any connection, like private-network (10.x,
                       192.168.x) and single-label targets always are
  --baseline <file>    an earlier run's output: each line gets what changed
                       since (changes)
  --summarize          read JSON-line results and print only the summary
  --same-origin-only, --max-skills <n>, --resolve <h>:<ip>, --cacert <file>
                       as for check

Exit codes: 0 done (whatever the sites' verdicts), 2 could not run.`;

export const DIGEST_HELP = `Usage: poppy-inspector digest <file>...

Print the sha256: digest of local files, as a skill index wants it.`;

export const USAGE = `Usage:
  poppy-inspector check <site-url | directory> [--format text|json|markdown|sarif]
                        [--output <file>] [--strict] [--same-origin-only] ...
  poppy-inspector index <directory> [--write | --dry-run] [--init]
  poppy-inspector survey <file | -> [--concurrency <n>] [--full] [--resume <file>]
  poppy-inspector digest <file>...
  poppy-inspector --version | --help | <command> --help

check    Verify what a site (or a directory before you deploy it) publishes for
         agents: poppy.json, its skill indexes and every skill's sha256 digest.
index    Recompute the digests in a directory's indexes and name what agents
         cannot use; --write repairs what is mechanical.
survey   Check many sites; one JSON line per site and a summary table.
digest   Print the sha256: digest of local files.

Exit codes: 0 no errors, 1 errors found (check --strict: warnings too),
2 could not run. Details: poppy-inspector <command> --help`;
