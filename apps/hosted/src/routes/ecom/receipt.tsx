import type { ThankYouData } from '../../lib/checkout/types.ts';
import styles from './receipt.module.css';

/** The thank-you page's receipt: what was bought, how it comes, and the card that paid. */
export function Receipt({ data }: { data: ThankYouData }) {
  const { items = [], delivery, card } = data;
  if (items.length === 0 && !delivery && !card) return null;
  return (
    <div className={styles.receipt}>
      {items.length > 0 && (
        <section aria-labelledby="receipt-items">
          <h2 id="receipt-items" className={styles.heading}>
            Items
          </h2>
          <ul className={styles.items} data-receipt-items>
            {items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines never reorder
              <li key={index} className={styles.item}>
                {item.imageUrl ? (
                  <img className={styles.thumb} src={item.imageUrl} alt="" width={48} height={48} />
                ) : (
                  <span className={styles.thumb} />
                )}
                <div className={styles.itemText}>
                  <p className={styles.itemName}>{item.name}</p>
                  {item.options.length > 0 && <p className={styles.meta}>{item.options.join(' · ')}</p>}
                  <p className={styles.meta}>
                    Qty {item.quantity} × {item.price}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(delivery || card) && (
        <dl className={styles.facts}>
          {delivery && (
            <div data-receipt-delivery>
              <dt>{delivery.pickup ? 'Pickup' : 'Delivery'}</dt>
              <dd>
                {delivery.method}
                {delivery.deliveryTime && <span className={styles.meta}> · {delivery.deliveryTime}</span>}
                {delivery.address && (
                  <span className={styles.address}>
                    {delivery.pickup ? 'Pick up at ' : 'To '}
                    {delivery.address}
                  </span>
                )}
              </dd>
            </div>
          )}
          {card && (
            <div data-receipt-card>
              <dt>Paid with</dt>
              <dd>
                {card.brand} ending in {card.last4}
              </dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}
