import { sentence } from '../utils/engine/report/words';

/**
 * The panel's sentences that take a number (plural forms through `Intl.PluralRules`, see
 * docs/architecture.md, "Findings and words") or other words; plain strings use `t(key)`.
 */
export const PANEL_WORDS = {
  checkingProgress: sentence('checkingProgress', ['done', 'count']),
  skillsChecked: sentence('skillsChecked', ['done', 'count']),
  skillFilterMatches: sentence('skillFilterMatches', ['shown', 'count']),
  skillsVerifiedGroup: sentence('skillsVerifiedGroup', ['count']),
  checkRemaining: sentence('checkRemaining', ['count']),
  checkMoreSkills: sentence('checkMoreSkills', ['count']),
  apisListed: sentence('apisListed', ['count']),
  signInWays: sentence('signInWays', ['ways']),
  siteOfferSignIn: sentence('siteOfferSignIn', ['ways']),
  siteOfferServices: sentence('siteOfferServices', ['count']),
  siteOfferExcluded: sentence('siteOfferExcluded', ['count']),
  signInShortDirect: sentence('signInShortDirect', []),
  signInShortDevice: sentence('signInShortDevice', []),
  signInShortMediated: sentence('signInShortMediated', []),
  signInShortSignedOut: sentence('signInShortSignedOut', []),
};
