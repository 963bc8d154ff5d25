import { beforeEach, describe, expect, it } from 'vitest';
import type { MessageKey } from '../../../utils/extension/i18n';
import { t } from '../../../utils/extension/platform/i18n';
import { installLocale } from '../helpers';

beforeEach(installLocale);

describe('the i18n adapter', () => {
  it('fills placeholders and shows the key of a missing message', () => {
    expect(t('hostedOn', 'cdn.example')).toBe('Hosted on cdn.example');
    expect(t('badgeTitleVerifiedSome', 'Northlight', 2, 3)).toBe('Northlight: 2 of 3 skills verified');
    expect(t('no-such-key' as MessageKey)).toBe('no-such-key');
  });
});
