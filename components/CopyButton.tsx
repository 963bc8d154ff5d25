import { useState } from 'preact/hooks';
import { useActions } from './actions';
import { t } from './i18n';

/** A copy button whose outcome is announced (role=status), since the clipboard is invisible. */
export function CopyButton(props: { text: string; label: string }) {
  const { copy } = useActions();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span class="copy">
      <button
        type="button"
        class="button"
        onClick={() => {
          copy(props.text).then(
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
