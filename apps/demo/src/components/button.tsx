import type { ComponentPropsWithRef } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

/** Class names of a button look, for `<a>` and `<Link>` that should look like buttons. */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  options: { small?: boolean; block?: boolean } = {},
) {
  return [styles.button, styles[variant], options.small && styles.small, options.block && styles.block]
    .filter(Boolean)
    .join(' ');
}

/**
 * Props that keep a button focusable while the page saves: `disabled` would drop keyboard focus
 * to <body> in the middle of the task, so the button says it is unavailable and ignores presses.
 */
export function whenIdle(busy: boolean, onClick: () => void) {
  return { 'aria-disabled': busy || undefined, onClick: () => !busy && onClick() };
}

export function Button({
  variant = 'primary',
  small,
  block,
  className,
  type = 'button',
  ...props
}: ComponentPropsWithRef<'button'> & { variant?: ButtonVariant; small?: boolean; block?: boolean }) {
  return (
    <button
      type={type}
      className={[buttonClass(variant, { small, block }), className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}
