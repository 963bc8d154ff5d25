import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance } from '../../../utils/engine/text/did-you-mean';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['apis', 'apis', 0],
    ['api', 'apis', 1],
    ['aips', 'apis', 1],
    ['protocol_verison', 'protocol_version', 1],
    ['abc', 'xyz', 3],
    ['a', 'abcdef', 3],
  ])('%s → %s = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });
});

describe('didYouMean', () => {
  const known = ['protocol_version', 'organization', 'apis', 'auth', 'agent', 'excluded_tasks'];
  it.each([
    ['protocol_verison', 'protocol_version'],
    ['api', 'apis'],
    ['excluded-tasks', 'excluded_tasks'],
    ['Organization', 'organization'],
    ['homepage', null],
    ['apis', null],
  ])('%s → %s', (name, expected) => {
    expect(didYouMean(name, known)).toBe(expected);
  });

  it('stays quiet when two names are equally close', () => {
    expect(didYouMean('aut', ['auth', 'aux'])).toBeNull();
  });
});
