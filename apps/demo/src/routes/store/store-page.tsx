import { useState } from 'react';
import { buttonClass } from '../../components/button.tsx';
import { ExternalIcon } from '../../components/icons.tsx';
import { NotInstalled } from '../../components/not-installed.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ErrorState, StatusPanel } from '../../components/status.tsx';
import {
  addProduct,
  applyCoupon,
  CART_KEY,
  checkout,
  clearCart,
  findLine,
  type LineItem,
  loadCart,
  loadProducts,
  PRODUCTS_KEY,
  type Product,
  removeCoupon,
  setQuantity,
} from '../../data/store.ts';
import { useCached } from '../../hooks/use-cached.ts';
import { useOwnerLinks } from '../../hooks/use-owner-links.ts';
import { AppCode } from '../../lib/apps.ts';
import { cache } from '../../lib/cache.ts';
import { couponDiscounts } from '../../lib/coupon.ts';
import { firstChoices } from '../../lib/detection.ts';
import { describeError, errorCode } from '../../lib/errors.ts';
import { useUi } from '../../state/ui.tsx';
import { CartPanel, itemCount } from './cart-panel.tsx';
import { ProductCard } from './product-card.tsx';
import styles from './store.module.css';

function ProductsSkeleton() {
  return (
    <div role="status" aria-label="Loading products">
      <ul className={styles.grid} aria-hidden="true">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <li key={i} className={styles.skeleton} />
        ))}
      </ul>
    </div>
  );
}

function Store() {
  const products = useCached(PRODUCTS_KEY, loadProducts);
  const cart = useCached(CART_KEY, loadCart);
  const { openPremiumModal } = useUi();
  const links = useOwnerLinks();
  const [busy, setBusy] = useState(false);
  const [cartError, setCartError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  /** Runs `run` with the cart marked busy and its last error cleared. */
  async function whileBusy(run: () => Promise<void>) {
    setBusy(true);
    setCartError(null);
    try {
      await run();
    } finally {
      setBusy(false);
    }
  }

  /** Runs a cart change; a failure is shown in the cart and the cart is read again. */
  const change = (run: () => Promise<unknown>, failure: string, done?: string) =>
    whileBusy(async () => {
      try {
        await run();
        if (done) setAnnouncement(done);
      } catch (error) {
        setCartError(`${failure}: ${describeError(error)}`);
        cache.invalidate(CART_KEY);
      }
    });

  const onAdd = (product: Product) =>
    change(
      () => addProduct(product, cart.data ?? null),
      `${product.name} could not be added`,
      `Added ${product.name} to the cart.`,
    );
  const onQuantity = (line: LineItem, quantity: number) =>
    change(() => setQuantity(line, quantity), 'The quantity could not be changed');
  const onClear = () => change(clearCart, 'The cart could not be cleared', 'The cart is empty.');

  /** A refused code is the coupon field's to explain, so the error goes back to it. */
  const onApplyCoupon = (code: string) =>
    whileBusy(async () => {
      const [discount] = couponDiscounts(await applyCoupon(code));
      setAnnouncement(
        discount ? `Coupon ${discount.code} applied: ${discount.amount} off.` : `Coupon ${code} applied.`,
      );
    });
  const onRemoveCoupon = () =>
    whileBusy(async () => {
      await removeCoupon();
      setAnnouncement('Coupon removed.');
    });

  const onCheckout = () =>
    whileBusy(async () => {
      try {
        await checkout();
      } catch (error) {
        // The site cannot take payments (or the checkout failed otherwise): offer the upgrade.
        openPremiumModal();
        if (errorCode(error) !== 'ONLINE_PAYMENTS_NOT_ENABLED')
          setCartError(`Checkout failed: ${describeError(error)}`);
      }
    });

  // The catalog refuses its reads when the site has no stores app: that answer is the detection.
  if (products.status === 'error' && errorCode(products.error) === 'APP_NOT_INSTALLED')
    return <NotInstalled app={AppCode.store} installLink="stores" />;

  let list: React.ReactNode;
  if (products.status === 'loading') list = <ProductsSkeleton />;
  else if (products.status === 'error')
    list = (
      <ErrorState
        title="The products could not be loaded"
        message={describeError(products.error)}
        onRetry={products.reload}
      />
    );
  else if (products.data.length === 0)
    list = (
      <StatusPanel
        title="No products available"
        actions={
          <a
            className={buttonClass('secondary')}
            href={links.addProduct}
            target="_blank"
            rel="noopener noreferrer"
          >
            Add a product <ExternalIcon />
            <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        }
      >
        <p>The store has no visible products yet. Products the owner adds show up here.</p>
      </StatusPanel>
    );
  else
    list = (
      <ul className={styles.grid} aria-label="Products">
        {products.data.map((product, index) => (
          <ProductCard
            key={product.id}
            product={product}
            quantityInCart={findLine(cart.data ?? null, product.id, firstChoices(product))?.quantity ?? 0}
            onAdd={onAdd}
            busy={busy || cart.status !== 'success'}
            eager={index < 4}
          />
        ))}
      </ul>
    );

  const count = itemCount(cart.data);
  return (
    <>
      <PageTitle
        title="Store"
        lead="Click a product to add it to your cart (with the first choice of each option), then check out on the hosted checkout page."
      />
      <div className={styles.layout}>
        <section aria-label="Products">{list}</section>
        <CartPanel
          status={cart.status}
          cart={cart.data}
          error={cartError}
          busy={busy}
          onQuantity={onQuantity}
          onApplyCoupon={onApplyCoupon}
          onRemoveCoupon={onRemoveCoupon}
          onCheckout={onCheckout}
          onClear={onClear}
          onRetry={cart.reload}
        />
      </div>
      {count > 0 && (
        <a className={styles.cartBar} href="#cart" data-cart-bar="">
          <span>
            {count} {count === 1 ? 'item' : 'items'} · {cart.data?.subtotal.formattedAmount}
          </span>
          <span>View cart</span>
        </a>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </>
  );
}

/**
 * The store example: products, the current cart and checkout. It reads its own list straight away
 * (no wait for the installed-app detection, which the home page runs): one skeleton until the
 * products arrive, or the not-installed page when the catalog says the app is missing.
 */
export default function StorePage() {
  return <Store />;
}
