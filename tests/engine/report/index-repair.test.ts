import { describe, expect, it } from 'vitest';
import { finding } from '../../../utils/engine/report/findings';
import { indexRepair } from '../../../utils/engine/report/index-repair';
import { SKILL_INDEX_CODES as C } from '../../../utils/engine/skill-index/codes';
import { english } from '../../helpers/english';

const DOC = { document: 'https://shop.example/.well-known/agent-skills/index.json' };
const said = (findings: Parameters<typeof indexRepair>[0]['findings']) => {
  const r = indexRepair({ findings });
  return r && [english(r.says), r.command];
};

describe('indexRepair', () => {
  it('names the first cause an owner should fix, the index before its entries', () => {
    expect(
      said([
        finding(C['missing-type'].says.missing({ field: 'type' }), DOC),
        finding(C['old-format'].says.legacyOnly({ path: '/.well-known/skills/index.json' }), DOC),
      ]),
    ).toEqual(["Agents can't use this index: there is only the old v0.1 index, without digests.", true]);
    expect(said([finding(C['missing-schema'].says({ field: '$schema' }), DOC)])).toEqual([
      "Agents can't use this index: it has no `$schema`.",
      true,
    ]);
    expect(said([finding(C['old-format'].says.noSchema({ field: '$schema' }), DOC)])).toEqual([
      "Agents can't use this index: it is in the old v0.1 format, without digests.",
      false,
    ]);
  });

  it('counts entries, and tells a missing digest from a malformed one', () => {
    const missing = finding(C['bad-digest'].says.missing({ field: 'digest' }), DOC);
    const malformed = finding(C['bad-digest'].says.noPrefix({ value: 'ab', prefix: 'sha256:' }), DOC);
    expect(said([missing])).toEqual(["Agents can't use this index: 1 entry has no digest.", true]);
    expect(said([missing, missing, malformed])).toEqual(["Agents can't use this index: 2 entries have no digest.", true]);
    expect(said([malformed])).toBeNull();
    expect(said([finding(C['missing-type'].says.missing({ field: 'type' }), DOC)])).toEqual([
      "Agents can't use this index: 1 entry has no `type`.",
      true,
    ]);
  });

  it('is null for an index agents can use', () => {
    expect(said([finding(C['no-skills'].says({}), DOC)])).toBeNull();
  });
});
