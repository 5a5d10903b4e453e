import { useState } from 'react';

/** A value shown in full with a button that copies it; the outcome is announced. */
export function CopyValue({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const [said, setSaid] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setSaid('Copied.');
    } catch {
      // Clipboard access can be refused (no permission, plain http): the value stays selectable.
      setSaid('Could not copy: select the text instead.');
    }
  }
  return (
    <span className="copy-line">
      <code className="mono break" data-testid={testId}>
        {value}
      </code>
      <button
        type="button"
        className="button button-small"
        aria-label={`Copy ${label}`}
        onClick={() => void copy()}
      >
        Copy
      </button>
      <span className="muted small" role="status">
        {said}
      </span>
    </span>
  );
}
