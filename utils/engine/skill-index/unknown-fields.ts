import { didYouMean } from '../text/did-you-mean';
import { finding, jsonPath, type Finding, type FindingSpec } from '../report/findings';

export interface FieldOwner {
  value: object;
  path: (string | number)[];
  /** Keys another finding already explains (a `sha256` field standing in for `digest`). */
  explained?: readonly string[];
}

/** Enough to spot typos without flooding the panel when every entry carries the same extra key. */
const MAX_NAMES = 10;

/**
 * Unknown fields are legal (the RFC says ignore them) and reported as info, one finding per
 * distinct name at its first place, with a did-you-mean when one edit away from a known field.
 */
export function unknownFieldFindings(
  owners: readonly FieldOwner[],
  known: readonly string[],
  spec: FindingSpec,
  document: string,
): Finding[] {
  const seen = new Map<string, { path: (string | number)[]; count: number }>();
  for (const { value, path, explained = [] } of owners) {
    for (const key of Object.keys(value)) {
      if (known.includes(key) || explained.includes(key)) continue;
      const hit = seen.get(key);
      if (hit) hit.count++;
      else seen.set(key, { path: [...path, key], count: 1 });
    }
  }
  const out: Finding[] = [];
  for (const [key, { path, count }] of [...seen].slice(0, MAX_NAMES)) {
    const where = count > 1 ? ` (in ${count} entries)` : '';
    const guess = didYouMean(key, known);
    const hint = guess ? `Did you mean \`${guess}\`? Agents ignore unknown fields.` : undefined;
    out.push(
      finding(spec, `Unknown field ${JSON.stringify(key.slice(0, 80))}${where}: agents ignore it.`, {
        document,
        path: jsonPath(path),
        hint,
      }),
    );
  }
  if (seen.size > MAX_NAMES) {
    out.push(finding(spec, `${seen.size - MAX_NAMES} more unknown field names are not listed.`, { document }));
  }
  return out;
}
