import { useEffect, useState } from 'preact/hooks';
import { useActions } from './actions';
import { useT } from './i18n';

/** How long "✓ Copied" stays before the button reads as ready again. */
export const COPIED_RESET_MS = 2500;

/**
 * A copy button whose outcome is announced (role=status), since the clipboard is invisible, and
 * then cleared, so a second copy is announced too. Long texts come as a function, called on
 * click: a whole report as JSON or Markdown costs time the first render should not spend, and
 * its code is loaded then (a script the panel's first paint does not wait for).
 */
export function CopyButton(props: { text: string | (() => string | Promise<string>); label: string }) {
  const t = useT();
  const { copy } = useActions();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const reset = setTimeout(() => setState('idle'), COPIED_RESET_MS);
    return () => clearTimeout(reset);
  }, [state]);
  return (
    <span class="copy">
      <button
        type="button"
        class="button"
        onClick={() => {
          const text = typeof props.text === 'string' ? props.text : props.text();
          // A text at hand is copied in the click itself; one still loading, as soon as it is there.
          (typeof text === 'string' ? copy(text) : text.then(copy)).then(
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
