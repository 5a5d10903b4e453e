import { useId, useRef } from 'react';
import { Button, whenIdle } from '../../components/button.tsx';
import { CartIcon } from '../../components/icons.tsx';
import type { Cart, LineItem } from '../../data/store.ts';
import { couponDiscounts, totalAfterCoupons } from '../../lib/coupon.ts';
import styles from './cart.module.css';
import { CouponForm } from './coupon-form.tsx';

interface DescriptionLine {
  name: string;
  value: string;
  color?: string;
}

/** The choices of a line, from its `descriptionLines` (plain text or colour). */
export function describeLine(line: LineItem): DescriptionLine[] {
  return line.descriptionLines.flatMap((raw): DescriptionLine[] => {
    const entry = raw as {
      name?: { original?: string };
      plainText?: { original?: string };
      colorInfo?: { original?: string; code?: string };
    };
    const name = entry.name?.original;
    const value = entry.plainText?.original ?? entry.colorInfo?.original;
    if (!name || !value) return [];
    return [{ name, value, ...(entry.colorInfo?.code ? { color: entry.colorInfo.code } : {}) }];
  });
}

export const itemCount = (cart: Cart | null | undefined) =>
  cart?.lineItems.reduce((sum, line) => sum + line.quantity, 0) ?? 0;

export interface CartPanelProps {
  status: 'loading' | 'success' | 'error';
  cart: Cart | null | undefined;
  error: string | null;
  busy: boolean;
  onQuantity(line: LineItem, quantity: number): Promise<void>;
  onApplyCoupon(code: string): Promise<void>;
  onRemoveCoupon(): Promise<void>;
  onCheckout(): void;
  onClear(): Promise<void>;
  onRetry(): void;
}

export function CartPanel({
  status,
  cart,
  error,
  busy,
  onQuantity,
  onApplyCoupon,
  onRemoveCoupon,
  onCheckout,
  onClear,
  onRetry,
}: CartPanelProps) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const count = itemCount(cart);
  const lines = cart?.lineItems ?? [];
  const discounts = couponDiscounts(cart);
  const total = cart ? totalAfterCoupons(cart, discounts) : undefined;
  /** Runs a change that may remove the pressed button (last unit, clear): focus stays in the cart. */
  const keepFocus = (run: () => Promise<void>) => async () => {
    await run();
    if (!panel.current?.contains(document.activeElement)) panel.current?.focus();
  };
  return (
    // tabIndex: "View cart" (#cart) and a removed line's button hand focus to the cart itself.
    <aside id="cart" ref={panel} tabIndex={-1} className={styles.panel} aria-labelledby={titleId} data-cart>
      <div className={styles.head}>
        <CartIcon />
        <h2 id={titleId}>Your cart</h2>
        {count > 0 && (
          <span className={styles.count} data-cart-count>
            {count} {count === 1 ? 'item' : 'items'}
          </span>
        )}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {status === 'loading' ? (
        <div className={styles.skeleton} role="status" aria-label="Loading your cart">
          <span />
          <span />
        </div>
      ) : status === 'error' ? (
        <div className={styles.empty}>
          <p>The cart could not be loaded.</p>
          <Button variant="secondary" small onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : lines.length === 0 ? (
        <p className={styles.empty} data-cart-empty>
          <strong>Your cart is empty</strong>
          Pick a product to add it.
        </p>
      ) : (
        <>
          <ul className={styles.lines}>
            {lines.map((line) => {
              const name = line.productName.original;
              return (
                <li key={line.id} className={styles.line} data-line={name}>
                  {line.image?.url ? (
                    <img
                      className={styles.thumb}
                      src={line.image.url}
                      alt=""
                      width={52}
                      height={52}
                      loading="lazy"
                    />
                  ) : (
                    <span className={styles.thumb} />
                  )}
                  <div>
                    <span className={styles.lineName}>{name}</span>
                    <span className={styles.lineMeta}>
                      {describeLine(line).map((d) => (
                        <span key={d.name}>
                          {d.color && <span className={styles.swatch} style={{ background: d.color }} />}
                          {d.value}
                        </span>
                      ))}
                      <span>{line.price.formattedAmount} each</span>
                    </span>
                  </div>
                  <div className={styles.lineEnd}>
                    <span className={styles.linePrice}>{line.lineItemPrice.formattedAmount}</span>
                    <span className={styles.stepper}>
                      <button
                        type="button"
                        aria-label={line.quantity > 1 ? `One less ${name}` : `Remove ${name}`}
                        {...whenIdle(
                          busy,
                          keepFocus(() => onQuantity(line, line.quantity - 1)),
                        )}
                      >
                        −
                      </button>
                      <span className={styles.qty} data-quantity>
                        <span className="visually-hidden">Quantity </span>
                        {line.quantity}
                      </span>
                      <button
                        type="button"
                        aria-label={`One more ${name}`}
                        {...whenIdle(busy, () => onQuantity(line, line.quantity + 1))}
                        disabled={line.fixedQuantity}
                      >
                        +
                      </button>
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
          <CouponForm applied={discounts} busy={busy} onApply={onApplyCoupon} onRemove={onRemoveCoupon} />
          <dl className={styles.totals}>
            <div className={styles.total}>
              <dt>Subtotal</dt>
              <dd data-subtotal>{cart?.subtotal.formattedAmount}</dd>
            </div>
            {discounts.map((discount) => (
              <div key={discount.code} className={styles.discount}>
                <dt>Discount ({discount.code})</dt>
                <dd data-discount>−{discount.amount}</dd>
              </div>
            ))}
            {total && (
              <div className={`${styles.total} ${styles.grandTotal}`}>
                <dt>Total</dt>
                <dd data-total>{total}</dd>
              </div>
            )}
          </dl>
          <p className={styles.note}>Shipping and taxes are calculated at checkout.</p>
          <div className={styles.actions}>
            <Button block {...whenIdle(busy, onCheckout)}>
              Checkout
            </Button>
            <Button variant="ghost" block {...whenIdle(busy, keepFocus(onClear))}>
              Clear cart
            </Button>
          </div>
        </>
      )}
    </aside>
  );
}
