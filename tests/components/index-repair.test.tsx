// The owner's line on the first screen when agents can't use the index: the reason from the
// report's findings, and the one command when it repairs it (docs/ci-and-hooks.md).
import { describe, expect, it } from 'vitest';
import { SKILL_INDEX_CODES as C } from '../../utils/engine/skill-index/codes';
import { renderPanel, reportView } from './harness';
import * as reports from './reports';

const INDEX = `${reports.ORIGIN}/.well-known/agent-skills/index.json`;
const line = (root: ParentNode) => root.querySelector('[data-index-repair]');

describe('the index repair line', () => {
  it('an index agents skip: the reason and the command, right under the check bar', () => {
    const report = reports.northlightOk();
    report.verdict = 'warnings';
    report.findings.push(
      reports.finding(C['unknown-schema'].says.unknown({ field: '$schema', value: '"https://agentskills.io/schema/v0.2.0/index.json"' }), {
        document: INDEX,
      }),
    );
    const { root } = renderPanel(reportView(report));
    const p = line(root)!;
    expect(p.textContent).toBe(
      "Agents can't use this index: its `$schema` is not the discovery schema. One command fixes it: poppy-inspector index --write",
    );
    expect(p.querySelector('code')?.textContent).toBe('poppy-inspector index --write');
    expect(p.getAttribute('data-index-repair')).toBe('command');
    expect(p.previousElementSibling?.classList.contains('check-bar-wrap')).toBe(true);
  });

  it('counts the entries that carry their hash in `sha256`', () => {
    const report = reports.northlightOk();
    for (const i of [0, 1])
      report.findings.push(
        reports.finding(C['digest-field-misnamed'].says({ field: 'sha256', expected: 'digest' }), {
          document: INDEX,
          path: `$.skills[${i}].sha256`,
        }),
      );
    expect(line(renderPanel(reportView(report)).root)?.textContent).toBe(
      "Agents can't use this index: 2 entries carry their hash in `sha256`, not `digest`. One command fixes it: poppy-inspector index --write",
    );
  });

  it('the interim draft: the reason, and no command (the findings say the edit)', () => {
    const report = reports.northlightOk();
    report.findings.push(reports.finding(C['interim-format'].says({}), { document: INDEX }));
    const p = line(renderPanel(reportView(report)).root)!;
    expect(p.textContent).toBe("Agents can't use this index: it is in the interim draft format, which was never released.");
    expect(p.getAttribute('data-index-repair')).toBe('by-hand');
  });

  it('a good index: no line', () => {
    expect(line(renderPanel(reportView(reports.northlightOk())).root)).toBeNull();
  });
});
