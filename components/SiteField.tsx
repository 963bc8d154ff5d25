import { useId } from 'preact/hooks';
import { useSay, useT } from './i18n';
import type { Words } from '../utils/engine/report/words';

export interface SiteFieldProps {
  value: string;
  /** Why the typed address is refused (the URL policy's words), tied to the field. */
  error: Words | null;
  onInput(value: string): void;
  /** Called from the submit event itself: a permission request must run inside the gesture. */
  onSubmit(): void;
}

/** "Site to check": any https site or a local development server. */
export function SiteField(props: SiteFieldProps) {
  const t = useT();
  const say = useSay();
  const id = useId();
  const hint = `${id}-hint`;
  const error = `${id}-error`;
  return (
    <form
      class="site-field"
      role="search"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <label for={id}>{t('reportSiteLabel')}</label>
      <span class="field-row">
        <input
          id={id}
          name="site"
          type="text"
          inputMode="url"
          autoComplete="url"
          spellcheck={false}
          value={props.value}
          aria-invalid={props.error !== null}
          aria-describedby={props.error !== null ? `${error} ${hint}` : hint}
          onInput={(event) => props.onInput(event.currentTarget.value)}
        />
        <button type="submit" class="button primary">
          {t('reportCheck')}
        </button>
      </span>
      {props.error !== null ? (
        <span id={error} class="field-error tone-error" data-field-error>
          <span aria-hidden="true">✗</span> {say(props.error)}
        </span>
      ) : null}
      <span id={hint} class="small muted">
        {t('reportSiteHint')}
      </span>
    </form>
  );
}
