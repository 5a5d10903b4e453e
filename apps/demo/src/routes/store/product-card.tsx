import { whenIdle } from '../../components/button.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import type { Product } from '../../data/store.ts';
import { firstChoices } from '../../lib/detection.ts';
import { srcSet } from '../../lib/images.ts';
import styles from './store.module.css';

/** Card widths: two columns on phones, three to four beside the cart on wide screens. */
const SIZES = '(min-width: 80rem) 260px, (min-width: 60rem) 25vw, (min-width: 40rem) 33vw, 50vw';

export function productPrice(product: Product) {
  const { formatted, price, discountedPrice } = product.priceData;
  return { now: formatted.discountedPrice, was: discountedPrice < price ? formatted.price : undefined };
}

export function ProductCard({
  product,
  quantityInCart,
  onAdd,
  busy,
  eager,
}: {
  product: Product;
  quantityInCart: number;
  onAdd(product: Product): void;
  /** The cart is saving or loading: the card stays focusable (see whenIdle) but adds nothing. */
  busy: boolean;
  eager: boolean;
}) {
  const image = product.media.mainMedia?.image;
  const soldOut = !product.stock.inStock;
  const choices = Object.values(firstChoices(product));
  const price = productPrice(product);
  const ribbon = soldOut ? 'Sold out' : product.ribbon;
  return (
    <li>
      <button
        type="button"
        className={styles.card}
        {...whenIdle(busy, () => onAdd(product))}
        disabled={soldOut}
        data-product={product.name}
      >
        <span className={styles.media}>
          {image && (
            <img
              src={image.url}
              srcSet={srcSet(image.url) || undefined}
              sizes={SIZES}
              width={image.width}
              height={image.height}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          )}
          {ribbon && (
            <span className={`${styles.ribbon} ${soldOut ? styles.soldOut : ''}`} aria-hidden="true">
              {ribbon}
            </span>
          )}
          {quantityInCart > 0 && (
            <span className={styles.inCart} aria-hidden="true">
              <CheckIcon /> {quantityInCart} in cart
            </span>
          )}
        </span>
        {/* The button is named by what it shows (WCAG 2.5.3, no aria-label), with a few words only
            heard: "Add Classic T-shirt S · Black $24.00 to cart, 1 in cart". */}
        <span className={styles.info}>
          <span className={styles.name}>
            {!soldOut && <span className="visually-hidden">Add </span>}
            {product.name}
          </span>
          {choices.length > 0 && <span className={styles.choice}>{choices.join(' · ')}</span>}
          <span className={styles.price}>
            {price.now}
            {price.was && (
              <s className={styles.was}>
                <span className="visually-hidden"> was </span>
                {price.was}
              </s>
            )}
            <span className="visually-hidden">
              {soldOut ? '(sold out)' : 'to cart'}
              {quantityInCart > 0 && `, ${quantityInCart} in cart`}
              {product.ribbon && !soldOut && `, ${product.ribbon}`}
            </span>
          </span>
          <span className={styles.cta} aria-hidden="true">
            {soldOut ? 'Sold out' : quantityInCart ? '+ Add one more' : '+ Add to cart'}
          </span>
        </span>
      </button>
    </li>
  );
}
