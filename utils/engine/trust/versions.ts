/**
 * The trust-chain rules a poppy.json is held to, from its `protocol_version` (D10). The table is
 * `PROTOCOL_MAJORS` in spec.ts; this only reads a version into a row of it.
 */
import { LATEST_PROTOCOL_MAJOR, PROTOCOL_MAJORS } from '../spec';

export type ProtocolMajor = keyof typeof PROTOCOL_MAJORS;

export interface TrustRules {
  /** The row applied: `0` (drafts 0.1 to 0.3) or `1` (1.0 and later). */
  major: ProtocolMajor;
  /** The company's own protected-resource document must exist and name the origin; fail closed. */
  companyRequired: boolean;
  /** The document's major is unknown, or its version unreadable: checked by the latest rules. */
  assumed: boolean;
}

const MAJOR = /^(\d+)\.\d+$/;

export function trustRules(version: string | null): TrustRules {
  const major = version === null ? null : (MAJOR.exec(version)?.[1] ?? null);
  const known = major !== null && Object.hasOwn(PROTOCOL_MAJORS, major);
  const row = known ? (major as ProtocolMajor) : LATEST_PROTOCOL_MAJOR;
  return { major: row, companyRequired: PROTOCOL_MAJORS[row].companyResource === 'required', assumed: !known };
}
