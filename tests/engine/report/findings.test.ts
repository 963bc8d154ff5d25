import { describe, expect, it } from 'vitest';
import { defineCodes, finding, jsonPath, keyPart, productionOnly, sortFindings } from '../../../utils/engine/report/findings';

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
  const codes = defineCodes({
    'test-domain-differs': {
      severity: 'error',
      says: { plain: ['domain', 'host'], short: [] },
      hint: { field: 'organization.domain', max: 3 },
      fixes: { www: ['host'] },
    },
    'test-one-sentence': { severity: 'info', says: ['count'] },
  });

  it('carries the code, default severity, the sentence and the hint as keys and values', () => {
    const said = codes['test-domain-differs'].says.plain({ domain: 'a.example', host: 'b.example' });
    const f = finding(said, { document: 'https://a.example/x', path: '$.a' });
    expect(f).toEqual({
      severity: 'error',
      code: 'test-domain-differs',
      document: 'https://a.example/x',
      path: '$.a',
      message: { key: 'finding_test_domain_differs__plain', params: ['a.example', 'b.example'] },
      hint: { key: 'hint_test_domain_differs', params: ['organization.domain', '3'] },
    });
  });

  it('names a single sentence after the code, and counts pick plural forms', () => {
    expect(finding(codes['test-one-sentence'].says({ count: 2 })).message).toEqual({
      key: 'finding_test_one_sentence',
      params: ['2'],
      count: 2,
    });
  });

  it('takes a case-specific fix instead of the code hint', () => {
    const f = finding(codes['test-domain-differs'].says.short({}), {
      hint: codes['test-domain-differs'].fixes.www({ host: 'www.a.example' }),
    });
    expect(f.hint).toEqual({ key: 'hint_test_domain_differs__www', params: ['www.a.example'] });
  });

  it('lets a local site lower the severity and say it would fail in production', () => {
    const f = finding(productionOnly(codes['test-domain-differs'].says.short({})), { severity: 'info' });
    expect(f.severity).toBe('info');
    expect(f.message).toEqual({ key: 'finding_production_only', params: [{ key: 'finding_test_domain_differs__short', params: [] }] });
  });

  it('sorts errors before warnings before info', () => {
    const mk = (severity: 'error' | 'warning' | 'info') => finding(codes['test-domain-differs'].says.short({}), { severity });
    expect(sortFindings([mk('info'), mk('error'), mk('warning')]).map((f) => f.severity)).toEqual(['error', 'warning', 'info']);
  });

  it.each([
    ['bad-name', 'bad_name'],
    ['tooLong', 'too_long'],
    ['skill-md-name-invalid', 'skill_md_name_invalid'],
  ])('catalog key part of %s is %s', (name, part) => {
    expect(keyPart(name)).toBe(part);
  });
});
