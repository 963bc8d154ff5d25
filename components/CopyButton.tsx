import { useState } from 'preact/hooks';
import { useActions } from './actions';
import { useT } from './i18n';

/**
 * A copy button whose outcome is announced (role=status), since the clipboard is invisible.
 * Long texts come as a function, called on click: a whole report as JSON or Markdown costs time
 * the panel's first render should not spend on copies nobody may ask for.
 */
export function CopyButton(props: { text: string | (() => string); label: string }) {
  const t = useT();
  const { copy } = useActions();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span class="copy">
      <button
        type="button"
        class="button"
        onClick={() => {
          copy(typeof props.text === 'string' ? props.text : props.text()).then(
            () => setState('copied'),
            () => setState('failed'),
          );
        }}
      >
        {props.label}
      </button>
      <span class="copy-status" role="status">
        {state === 'copied' ? `✓ ${t('copied')}` : state === 'failed' ? `✗ ${t('copyFailed')}` : ''}
      </span>
    </span>
  );
}
