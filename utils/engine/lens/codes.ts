import { defineCodes } from '../report/findings';
import { LENS_LIMITS } from '../spec';

/**
 * What a skill asks of an agent (D12, docs/lens.md). Warnings for every skill: credentials,
 * claims of approval or access, hidden text. Warnings for a company's own skills (listed in its
 * poppy.json): what it names beyond what poppy.json and the API description offer, and commands.
 * Info: what is shown, not judged. A passage is the skill's line, hidden characters spelled out.
 */
export const LENS_CODES = defineCodes({
  'lens-credentials': { severity: 'warning', says: ['line', 'passage'] },
  'lens-approval-claim': { severity: 'warning', says: ['line', 'passage'] },
  'lens-hidden-comment': { severity: 'warning', says: ['line', 'passage'] },
  'lens-hidden-characters': { severity: 'warning', says: ['line', 'passage'] },
  'lens-data-in-url': { severity: 'warning', says: ['line', 'passage'] },
  'lens-scope-not-offered': { severity: 'warning', says: ['scopes'] },
  'lens-operation-not-defined': { severity: 'warning', says: ['operations'] },
  'lens-runs-commands': { severity: 'warning', says: ['commands'] },
  'lens-other-host': { severity: 'warning', says: ['hosts'] },
  'lens-operations-not-checked': {
    severity: 'info',
    says: { noDescription: ['operations'], notRead: ['operations', 'reason'], mcp: ['tools'] },
  },
  'lens-commands-named': { severity: 'info', says: ['commands'] },
  'lens-hosts-named': { severity: 'info', says: ['hosts'] },
  'lens-no-limits': { severity: 'info', says: [] },
  'lens-cut-short': {
    severity: 'info',
    says: { size: ['max'], time: ['max'] },
    hint: { chars: String(LENS_LIMITS.textChars), ms: String(LENS_LIMITS.budgetMs) },
    ourLimit: true,
  },
});
