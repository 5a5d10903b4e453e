import type { ButtonHTMLAttributes } from 'react';
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

export function Button({
  variant = 'primary',
  small,
  block,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; small?: boolean; block?: boolean }) {
  return (
    <button
      type={type}
      className={[buttonClass(variant, { small, block }), className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}
