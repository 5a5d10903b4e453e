import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal question before a destructive action, on the native <dialog>: focus moves into it and
 * returns after, Escape closes it.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The answer that changes nothing (default "Keep order"). */
  cancelLabel?: string;
  busy?: boolean;
  /** `primary` for an answer that is not destructive but still asked (recording a payment). */
  tone?: 'danger' | 'primary';
  onConfirm(): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // A page may hold several dialogs: each title needs an id of its own.
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onCancel={props.onCancel}>
      <h2 id={titleId}>{props.title}</h2>
      <div className="dialog-body">{props.children}</div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={props.onCancel} disabled={props.busy}>
          {props.cancelLabel ?? 'Keep order'}
        </button>
        <button
          type="button"
          className={`button button-${props.tone ?? 'danger'}`}
          onClick={props.onConfirm}
          disabled={props.busy}
        >
          {props.busy ? 'Working…' : props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
