import { describe, expect, it, vi } from 'vitest';
import { fireEvent } from '@testing-library/preact';
import { renderPanel, reportView } from './harness';
import * as reports from './reports';
import type { PanelView } from '../../utils/extension/panel-types';

const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;

function withChanges(): PanelView {
  const view = reportView(reports.northlightOk());
  if (view.kind !== 'report') throw new Error('a report view');
  return {
    ...view,
    changes: {
      since: '2026-12-01T10:00:00.000Z',
      list: [
        { kind: 'issuer-changed', loud: true, before: 'https://id.northlight.example', after: 'https://id.evil.example' },
        {
          kind: 'skill-changed',
          skill: 'find-flowers',
          before: { digest: D1, url: 'https://n.example/find-flowers/SKILL.md', status: 'verified' },
          after: { digest: D2, url: 'https://n.example/find-flowers/SKILL.md', status: 'verified' },
          diff: {
            lines: [
              { op: '-', text: 'Search.' },
              { op: '+', text: 'Search and pay.\u202e' },
            ],
            omitted: 0,
            coarse: false,
          },
        },
      ],
    },
  };
}

describe('Changed since the last check (D13)', () => {
  it('shows the changes on the first screen, the issuer first and loud, the diff behind a disclosure', () => {
    const { root } = renderPanel(withChanges());
    const section = root.querySelector<HTMLElement>('[data-changes]')!;
    expect(section.querySelector('h2')?.textContent).toMatch(/^Changed since /);
    // Before the report itself.
    expect(section.compareDocumentPosition(root.querySelector('[data-skills], section:not([data-changes])')!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    const items = [...section.querySelectorAll<HTMLElement>('[data-change-kind]')];
    expect(items.map((li) => li.dataset.changeKind)).toEqual(['issuer-changed', 'skill-changed']);
    expect(items[0]!.getAttribute('role')).toBe('alert');
    expect(items[0]!.textContent).toContain('https://id.evil.example');
    const diff = section.querySelector('details[data-diff]')!;
    expect(diff.hasAttribute('open')).toBe(false);
    expect(diff.textContent).toContain('+ Search and pay.⟨U+202E⟩');
  });

  it('"Forget this site" asks the background', () => {
    const forgetSite = vi.fn();
    const { root } = renderPanel(withChanges(), { forgetSite });
    fireEvent.click(root.querySelector('[data-forget-site]')!);
    expect(forgetSite).toHaveBeenCalledTimes(1);
  });

  it('says nothing on a report without changes', () => {
    const { root } = renderPanel(reportView(reports.northlightOk()));
    expect(root.querySelector('[data-changes]')).toBeNull();
  });
});
