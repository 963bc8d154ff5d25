import { useEffect, useState } from 'preact/hooks';
import type { Options } from '../utils/extension/storage-migrations';

export interface OptionsFormProps {
  load(): Promise<Options>;
  save(change: Partial<Options>): Promise<void>;
  /** Localised strings by message key. */
  t(
    key:
      | 'optionsTitle'
      | 'optionsAutoCheck'
      | 'optionsAutoCheckHint'
      | 'optionsAutoOtherHosts'
      | 'optionsAutoOtherHostsHint'
      | 'openFullReport',
  ): string;
}

/**
 * The two switches of D5/D9; each change is saved at once (there is no Save button to forget).
 * Each hint is tied to its switch (aria-describedby), so a screen reader reads it with the label.
 * The page wears the panel's styles and themes (components/panel.css).
 */
export function OptionsForm({ load, save, t }: OptionsFormProps) {
  const [options, setOptions] = useState<Options | null>(null);
  useEffect(() => {
    void load().then(setOptions);
  }, [load]);
  if (!options) return null;

  const toggle = (key: keyof Options) => (event: Event) => {
    const value = (event.currentTarget as HTMLInputElement).checked;
    setOptions({ autoCheck: options.autoCheck, autoOtherHosts: options.autoOtherHosts, [key]: value });
    void save({ [key]: value });
  };

  return (
    <main class="panel options">
      <h1>{t('optionsTitle')}</h1>
      <div class="option">
        <label>
          <input
            type="checkbox"
            name="autoCheck"
            aria-describedby="autoCheck-hint"
            checked={options.autoCheck}
            onChange={toggle('autoCheck')}
          />
          <span>{t('optionsAutoCheck')}</span>
        </label>
        <span class="hint" id="autoCheck-hint">
          {t('optionsAutoCheckHint')}
        </span>
      </div>
      <div class="option">
        <label>
          <input
            type="checkbox"
            name="autoOtherHosts"
            aria-describedby="autoOtherHosts-hint"
            checked={options.autoOtherHosts}
            disabled={!options.autoCheck}
            onChange={toggle('autoOtherHosts')}
          />
          <span>{t('optionsAutoOtherHosts')}</span>
        </label>
        <span class="hint" id="autoOtherHosts-hint">
          {t('optionsAutoOtherHostsHint')}
        </span>
      </div>
      {/* The full-page report is one of our own pages: a relative link, opened beside this one. */}
      <p class="option">
        <a href="/report.html" target="_blank" rel="noopener" data-open-report>
          {t('openFullReport')}
        </a>
      </p>
    </main>
  );
}
