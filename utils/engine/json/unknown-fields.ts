import { didYouMean } from '../text/did-you-mean';
import { defineCodes } from '../report/findings';
import { sentence } from '../report/words';
import { label, type JsonReader, type Path } from './reader';

/** A key that no rule knows, where it was found, and the names that would have been right there. */
export interface UnknownField {
  key: string;
  path: Path;
  known: readonly string[];
}

/** Distinct unknown names reported one by one; the rest are counted in one more finding. */
export const MAX_UNKNOWN_FIELD_FINDINGS = 20;

export const UNKNOWN_FIELD_SAYS = {
  once: sentence('finding_unknown_field', ['field']),
  repeated: sentence('finding_unknown_field__repeated', ['field', 'count']),
  more: sentence('finding_unknown_field__more', ['count']),
};
export const UNKNOWN_FIELD_HINT = sentence('hint_unknown_field', []);
export const UNKNOWN_FIELD_GUESS = sentence('hint_unknown_field__guess', ['guess']);

/** The poppy.json code; the skill indexes have their own two (skill-index/codes.ts) with the same words. */
export const UNKNOWN_FIELD_CODES = defineCodes({
  'unknown-field': { severity: 'info', says: UNKNOWN_FIELD_SAYS, hint: UNKNOWN_FIELD_HINT, fixes: { guess: UNKNOWN_FIELD_GUESS } },
});

/** `skills[3].x` and `skills[7].x` are the same mistake: one finding says where it first is and how often. */
function shape(path: Path): string {
  return JSON.stringify(path.map((s) => (typeof s === 'number' ? '#' : s)));
}

/**
 * Unknown fields are legal (both specifications say ignore them) and reported as info (D2): one
 * finding per distinct name and place, at its first occurrence, with a did-you-mean when the
 * name is one edit away from a known field.
 */
export function reportUnknownFields(r: JsonReader, fields: Iterable<UnknownField>, spec: UnknownFieldSpec, root: Path): void {
  // Bounded memory however many keys a document has: past the cap, fields are only counted.
  const listed = new Map<string, { field: UnknownField; count: number }>();
  let more = 0;
  for (const field of fields) {
    const id = shape(field.path);
    const hit = listed.get(id);
    if (hit) hit.count++;
    else if (listed.size < MAX_UNKNOWN_FIELD_FINDINGS) listed.set(id, { field, count: 1 });
    else more++;
  }
  for (const { field, count } of listed.values()) {
    const guess = didYouMean(field.key, field.known);
    const said = count > 1 ? spec.says.repeated({ field: label(field.path), count }) : spec.says.once({ field: label(field.path) });
    r.report(said, field.path, guess === null ? {} : { hint: spec.fixes.guess({ guess: JSON.stringify(guess) }) });
  }
  if (more > 0) r.report(spec.says.more({ count: more }), root);
}

/** Any code declared as `unknown-field` is: `says: UNKNOWN_FIELD_SAYS`, `fixes: { guess: UNKNOWN_FIELD_GUESS }`. */
export type UnknownFieldSpec = (typeof UNKNOWN_FIELD_CODES)['unknown-field'];
