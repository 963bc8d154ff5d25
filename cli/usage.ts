/** The help text: `poppy-inspector --help`, and beside every usage error. */
export const USAGE = `Usage:
  poppy-inspector check <site-url> [--json] [--strict] [--same-origin-only]
                        [--resolve <host>:<address>]... [--cacert <file>]
  poppy-inspector digest <file>...

check    Fetch and verify what a site publishes for agents: poppy.json, its skill
         index, /.well-known/agent-skills/index.json and every skill's sha256 digest.
         --json              print the report as JSON (documented in the README)
         --strict            exit 1 on warnings too
         --same-origin-only  do not contact other hosts (skills there stay not-checked)
         --resolve h:addr    connect to <addr> for host <h> (like curl --resolve)
         --cacert <file>     also trust this CA certificate (PEM)
digest   Print the sha256: digest of local files, as a skill index wants it.

Exit codes: 0 no errors (with --strict: no warnings), 1 errors found, 2 could not run.`;
