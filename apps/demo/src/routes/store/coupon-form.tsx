import { type FormEvent, useId, useRef, useState } from 'react';
import { Button, whenIdle } from '../../components/button.tsx';
import { type CouponDiscount, couponError } from '../../lib/coupon.ts';
import styles from './cart.module.css';

/**
 * The coupon of the cart: a code field while none applies, else the applied code with a way to
 * remove it. A refused code keeps the field and says why (the server's reason).
 */
export function CouponForm({
  applied,
  busy,
  onApply,
  onRemove,
}: {
  applied: CouponDiscount[];
  busy: boolean;
  onApply(code: string): Promise<void>;
  onRemove(): Promise<void>;
}) {
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // The control pressed goes away on success: focus lands on the one that takes its place.
  const focusNext = useRef<'input' | 'remove' | null>(null);
  const focusIfNext = (which: 'input' | 'remove') => (element: HTMLElement | null) => {
    if (element && focusNext.current === which) {
      focusNext.current = null;
      element.focus();
    }
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const trimmed = code.trim();
    if (!trimmed) {
      setError('Enter a coupon code.');
      return;
    }
    setPending(true);
    setError(null);
    focusNext.current = 'remove';
    try {
      await onApply(trimmed);
      setCode('');
    } catch (refused) {
      focusNext.current = null;
      setError(couponError(refused));
    } finally {
      setPending(false);
    }
  }

  async function remove() {
    setPending(true);
    setError(null);
    focusNext.current = 'input';
    try {
      await onRemove();
    } catch (failed) {
      focusNext.current = null;
      setError(couponError(failed));
    } finally {
      setPending(false);
    }
  }

  if (applied.length > 0)
    return (
      <div className={styles.coupon} data-coupon-applied>
        {applied.map((discount) => (
          <p key={discount.code} className={styles.couponApplied}>
            <span className={styles.couponCode}>{discount.code}</span> applied
          </p>
        ))}
        <Button
          variant="ghost"
          small
          ref={focusIfNext('remove')}
          aria-label={`Remove coupon ${applied.map((d) => d.code).join(', ')}`}
          {...whenIdle(busy, remove)}
        >
          {pending ? 'Removing…' : 'Remove'}
        </Button>
        {error && (
          <p className={styles.couponError} role="alert">
            {error}
          </p>
        )}
      </div>
    );

  return (
    <form className={styles.couponForm} onSubmit={submit} noValidate>
      <label htmlFor={inputId} className={styles.couponLabel}>
        Coupon code
      </label>
      <div className={styles.couponRow}>
        <input
          id={inputId}
          ref={focusIfNext('input')}
          className={styles.couponInput}
          name="coupon"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button type="submit" variant="secondary" small aria-disabled={busy || undefined}>
          {pending ? 'Applying…' : 'Apply'}
        </Button>
      </div>
      {error && (
        <p id={errorId} className={styles.couponError} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
