import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './icons.tsx';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  /** Called for Escape, the close button and a click on the backdrop. */
  onClose(): void;
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  actions: ReactNode;
  /** `data-testid`-free hook for tests and styling. */
  name: string;
}

/**
 * A modal dialog on the native `<dialog>`: focus moves in and is kept there, Escape closes it,
 * the page behind is inert. Several can be open at once; each opens and closes on its own.
 */
export function Modal({ open, onClose, title, icon, children, actions, name }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is the keyboard way (onCancel).
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-modal={name}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className={styles.body}>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
          {icon && <div className={styles.icon}>{icon}</div>}
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <div className={styles.content}>{children}</div>
          <div className={styles.actions}>{actions}</div>
        </div>
      )}
    </dialog>
  );
}
