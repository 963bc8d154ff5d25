import { useEffect, useState } from 'preact/hooks';
import type { Options } from '../utils/extension/storage-migrations';

export interface OptionsFormProps {
  load(): Promise<Options>;
  save(change: Partial<Options>): Promise<void>;
  /** Localised strings by message key. */
  t(key: 'optionsTitle' | 'optionsAutoCheck' | 'optionsAutoCheckHint' | 'optionsAutoOtherHosts' | 'optionsAutoOtherHostsHint'): string;
}

/** The two switches of D5/D9; each change is saved at once (there is no Save button to forget). */
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
    <main>
      <h1>{t('optionsTitle')}</h1>
      <p>
        <label>
          <input type="checkbox" name="autoCheck" checked={options.autoCheck} onChange={toggle('autoCheck')} /> {t('optionsAutoCheck')}
        </label>
        <br />
        <small>{t('optionsAutoCheckHint')}</small>
      </p>
      <p>
        <label>
          <input
            type="checkbox"
            name="autoOtherHosts"
            checked={options.autoOtherHosts}
            disabled={!options.autoCheck}
            onChange={toggle('autoOtherHosts')}
          />{' '}
          {t('optionsAutoOtherHosts')}
        </label>
        <br />
        <small>{t('optionsAutoOtherHostsHint')}</small>
      </p>
    </main>
  );
}
