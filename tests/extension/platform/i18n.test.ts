import { beforeEach, describe, expect, it } from 'vitest';
import type { MessageKey } from '../../../utils/extension/i18n';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyPageLanguage, t } from '../../../utils/extension/platform/i18n';
import { installLocale } from '../helpers';

beforeEach(installLocale);

describe('the i18n adapter', () => {
  it('fills placeholders and shows the key of a missing message', () => {
    expect(t('hostedOn', 'cdn.example')).toBe('Hosted on cdn.example');
    expect(t('stateTooltip', 'Northlight', '3 skills, all verified.')).toBe('Northlight: 3 skills, all verified.');
    expect(t('no-such-key' as MessageKey)).toBe('no-such-key');
  });
});

describe('the language of the words shown', () => {
  it('takes plural rules and <html lang> from the catalog the browser picked, not the UI language', () => {
    expect(t.locale).toBe('en');
    const german = (key: string) => (key === 'localeCode' ? 'de' : key === '@@bidi_dir' ? 'ltr' : '');
    fakeBrowser.i18n.getMessage = german as typeof fakeBrowser.i18n.getMessage;
    expect(t.locale).toBe('de');
    const root = document.createElement('html');
    applyPageLanguage(root);
    expect([root.lang, root.dir]).toEqual(['de', 'ltr']);
  });

  it('marks a right-to-left catalog right to left', () => {
    const hebrew = (key: string) => (key === 'localeCode' ? 'he' : key === '@@bidi_dir' ? 'rtl' : '');
    fakeBrowser.i18n.getMessage = hebrew as typeof fakeBrowser.i18n.getMessage;
    const root = document.createElement('html');
    applyPageLanguage(root);
    expect([root.lang, root.dir]).toEqual(['he', 'rtl']);
  });
});
