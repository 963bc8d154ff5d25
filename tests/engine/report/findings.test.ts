import { describe, expect, it } from 'vitest';
import { defineCodes, finding, jsonPath, sortFindings } from '../../../utils/engine/report/findings';

describe('jsonPath', () => {
  it.each([
    [[], '$'],
    [['skill_index', 'skills', 2, 'digest'], '$.skill_index.skills[2].digest'],
    [['allowed-tools'], '$["allowed-tools"]'],
    [['$schema'], '$.$schema'],
  ] as const)('%j → %s', (segments, expected) => {
    expect(jsonPath(segments)).toBe(expected);
  });
});

describe('finding', () => {
  const codes = defineCodes({ 'domain-mismatch': { severity: 'error', hint: 'Fix the domain.' } });

  it('carries the code, default severity and hint', () => {
    const f = finding(codes['domain-mismatch'], 'Wrong domain.', { document: 'https://a.example/x', path: '$.a' });
    expect(f).toEqual({
      severity: 'error',
      code: 'domain-mismatch',
      document: 'https://a.example/x',
      path: '$.a',
      message: 'Wrong domain.',
      hint: 'Fix the domain.',
    });
  });

  it('lets a local site lower the severity', () => {
    expect(finding(codes['domain-mismatch'], 'm', { severity: 'info' }).severity).toBe('info');
  });

  it('sorts errors before warnings before info', () => {
    const mk = (severity: 'error' | 'warning' | 'info') => finding(codes['domain-mismatch'], severity, { severity });
    expect(sortFindings([mk('info'), mk('error'), mk('warning')]).map((f) => f.severity)).toEqual(['error', 'warning', 'info']);
  });
});
