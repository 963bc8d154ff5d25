import { useEffect, useRef, useState } from 'preact/hooks';
import type { Options } from '../utils/extension/stored-items';
import { SiteHost } from './SiteText';

export interface OptionsFormProps {
  load(): Promise<Options>;
  save(change: Partial<Options>): Promise<void>;
  /** The sites the user chose not to check automatically ("Don't check this site automatically"). */
  quietSites: { load(): Promise<readonly string[]>; remove(origin: string): Promise<void> };
  /** Localised strings by message key. */
  t(
    key:
      | 'optionsTitle'
      | 'optionsAutoCheck'
      | 'optionsAutoCheckHint'
      | 'optionsAutoOtherHosts'
      | 'optionsAutoOtherHostsHint'
      | 'optionsRememberChanges'
      | 'optionsRememberChangesHint'
      | 'optionsQuietHeading'
      | 'optionsQuietNone'
      | 'optionsQuietRemove'
      | 'optionsQuietRemoveLabel'
      | 'openFullReport',
    ...substitutions: string[]
  ): string;
}

/**
 * The two switches of D5/D9; each change is saved at once (there is no Save button to forget).
 * Each hint is tied to its switch (aria-describedby), so a screen reader reads it with the label.
 * The page wears the panel's styles and themes (components/panel.css).
 */
export function OptionsForm({ load, save, quietSites, t }: OptionsFormProps) {
  const [options, setOptions] = useState<Options | null>(null);
  useEffect(() => {
    void load().then(setOptions);
  }, [load]);
  if (!options) return null;

  const toggle = (key: keyof Options) => (event: Event) => {
    const value = (event.currentTarget as HTMLInputElement).checked;
    setOptions({ ...options, [key]: value });
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
      <div class="option">
        <label>
          <input
            type="checkbox"
            name="rememberChanges"
            aria-describedby="rememberChanges-hint"
            checked={options.rememberChanges}
            onChange={toggle('rememberChanges')}
          />
          <span>{t('optionsRememberChanges')}</span>
        </label>
        <span class="hint" id="rememberChanges-hint">
          {t('optionsRememberChangesHint')}
        </span>
      </div>
      <QuietSites {...quietSites} t={t} />
      {/* The full-page report is one of our own pages: a relative link, opened beside this one. */}
      <p class="option">
        <a href="/report.html" target="_blank" rel="noopener" data-open-report>
          {t('openFullReport')}
        </a>
      </p>
    </main>
  );
}

/** The sites kept out of automatic checks, each with a button that lets them be checked again. */
function QuietSites(props: OptionsFormProps['quietSites'] & Pick<OptionsFormProps, 't'>) {
  const { t } = props;
  const [sites, setSites] = useState<readonly string[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    void props.load().then(setSites);
  }, [props.load]);
  if (sites === null) return null;

  const remove = async (origin: string, index: number) => {
    await props.remove(origin);
    const rest = sites.filter((o) => o !== origin);
    setSites(rest);
    // Focus stays in the list: on the next site's button, or the heading once the list is empty.
    requestAnimationFrame(() => {
      const buttons = document.querySelectorAll<HTMLButtonElement>('[data-quiet-site] button');
      (buttons[Math.min(index, buttons.length - 1)] ?? heading.current)?.focus();
    });
  };

  return (
    <section class="option" aria-labelledby="quiet-heading">
      <h2 id="quiet-heading" tabIndex={-1} ref={heading}>
        {t('optionsQuietHeading')}
      </h2>
      {sites.length === 0 ? (
        <p class="hint">{t('optionsQuietNone')}</p>
      ) : (
        <ul class="plain quiet-sites">
          {sites.map((origin, i) => (
            <li key={origin} data-quiet-site={origin}>
              <SiteHost host={new URL(origin).host} />{' '}
              <button type="button" aria-label={t('optionsQuietRemoveLabel', new URL(origin).host)} onClick={() => void remove(origin, i)}>
                {t('optionsQuietRemove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
