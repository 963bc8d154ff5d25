import { apiTypeWords } from '../report/look';
import { and, sentence, type Param, type Words } from '../report/words';
import type { Change } from './changes';

const NONE = sentence('changeValueNone', []);
const SAID = {
  'skill-added': sentence('changeSkillAdded', ['name', 'digest']),
  'skill-removed': sentence('changeSkillRemoved', ['name', 'digest']),
  'skill-changed': sentence('changeSkillChanged', ['name', 'before', 'after']),
  'skill-moved': sentence('changeSkillMoved', ['name', 'before', 'after']),
  'issuer-changed': sentence('changeIssuerChanged', ['before', 'after']),
  'domain-changed': sentence('changeDomainChanged', ['before', 'after']),
  'scopes-added': sentence('changeScopesAdded', ['method', 'scopes']),
  'scopes-removed': sentence('changeScopesRemoved', ['method', 'scopes']),
  'excluded-task-removed': sentence('changeExcludedTaskRemoved', ['task']),
  'excluded-task-added': sentence('changeExcludedTaskAdded', ['task']),
  'api-moved': sentence('changeApiMoved', ['type', 'before', 'after']),
  'api-added': sentence('changeApiAdded', ['type', 'url']),
  'api-removed': sentence('changeApiRemoved', ['type', 'url']),
} as const;

/** The heading over a list of changes: the earlier check's date, as the reader's language writes it. */
export const CHANGED_SINCE = sentence('changedSince', ['date']);
export const NOTHING_CHANGED = sentence('changedNothing', []);
/** The command line's heading, comparing with a report file rather than a remembered check. */
export const CHANGED_SINCE_BASELINE = sentence('changedSinceBaseline', ['date']);

const value = (v: string | null): Param => v ?? NONE({});
const where = (api: { url: string | null; resource: string | null }): Param =>
  api.resource !== null && api.resource !== api.url ? `${api.url ?? ''} (${api.resource})` : value(api.url);

/** One change in words. */
export function changeWords(c: Change): Words {
  switch (c.kind) {
    case 'skill-added':
      return SAID[c.kind]({ name: c.skill, digest: value(c.after.digest) });
    case 'skill-removed':
      return SAID[c.kind]({ name: c.skill, digest: value(c.before.digest) });
    case 'skill-changed':
      return c.before.digest === c.after.digest
        ? SAID['skill-moved']({ name: c.skill, before: value(c.before.url), after: value(c.after.url) })
        : SAID[c.kind]({ name: c.skill, before: value(c.before.digest), after: value(c.after.digest) });
    case 'issuer-changed':
    case 'domain-changed':
      return SAID[c.kind]({ before: value(c.before), after: value(c.after) });
    case 'scopes-added':
    case 'scopes-removed':
      return SAID[c.kind]({ method: c.signIn, scopes: and(c.scopes) });
    case 'excluded-task-removed':
    case 'excluded-task-added':
      return SAID[c.kind]({ task: c.task });
    case 'api-moved':
      return SAID[c.kind]({ type: apiTypeWords(c.type), before: where(c.before), after: where(c.after) });
    case 'api-added':
      return SAID[c.kind]({ type: apiTypeWords(c.api.type), url: where(c.api) });
    case 'api-removed':
      return SAID[c.kind]({ type: apiTypeWords(c.api.type), url: where(c.api) });
  }
}
