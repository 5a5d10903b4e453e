import styles from './checkout.module.css';

/**
 * The store's name over the page title, and the way back to the store when it gave one. A checkout
 * of booked slots alone is titled "Booking Details".
 */
export function CheckoutHeader({
  brand,
  backUrl,
  title = 'Checkout',
}: {
  brand: string | undefined;
  backUrl: string | undefined;
  title?: string;
}) {
  return (
    <header className={styles.header}>
      <div>
        {brand && <p className={styles.brand}>{brand}</p>}
        <h1 className={styles.title}>{title}</h1>
      </div>
      {backUrl && (
        <a className={styles.back} href={backUrl}>
          Back to the store
        </a>
      )}
    </header>
  );
}
