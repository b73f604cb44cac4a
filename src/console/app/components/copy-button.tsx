import { useState } from 'preact/hooks';

/** Copies `text`; says so in words (announced to screen readers), and falls back to selecting nothing when the clipboard is refused. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2000);
  };
  return (
    <button type="button" class="button-small" onClick={copy}>
      {label}
      <span class="visually-hidden" aria-live="polite">
        {state === 'copied' ? ' — copied' : state === 'failed' ? ' — the browser refused the clipboard; select the text and copy it' : ''}
      </span>
      {state === 'copied' ? <span aria-hidden="true"> ✓</span> : null}
    </button>
  );
}
