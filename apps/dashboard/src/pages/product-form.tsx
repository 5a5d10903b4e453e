import { type FormEvent, useState } from 'react';
import type { CatalogProduct, ProductInput, ProductType } from '../api/catalog.ts';
import { useSaveProduct } from '../api/catalog.ts';
import { describedBy, Field, FormError, violationsOf } from '../components/field.tsx';
import {
  draftsOf,
  type OptionDraft,
  optionsOf,
  parseAmount,
  parseQuantity,
  sameOptions,
  variantCount,
} from '../lib/catalog.ts';

const TYPES: Array<{ value: ProductType; label: string }> = [
  { value: 'physical', label: 'Physical (shipped)' },
  { value: 'digital', label: 'Digital (downloaded)' },
];
const SHOWN = [
  'product.name',
  'product.slug',
  'product.description',
  'product.priceData',
  'product.price',
  'product.sku',
  'product.productType',
  'product.stock',
  'product.productOptions',
];
const EMPTY_OPTION: OptionDraft = { name: '', colour: false, choices: '' };

/**
 * A product's own fields and its options (each option makes variants: choices multiplied). New
 * products and products of one variant count stock here; others count it per variant below.
 */
export function ProductForm(props: {
  product: CatalogProduct | undefined;
  currency: string;
  onSaved(product: CatalogProduct): void;
}) {
  const { product } = props;
  const save = useSaveProduct(product?.id);
  const [name, setName] = useState(product?.name ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [price, setPrice] = useState(product ? String(product.priceData.price) : '');
  const [sku, setSku] = useState(product?.sku ?? '');
  const [visible, setVisible] = useState(product?.visible ?? true);
  const [productType, setProductType] = useState<ProductType>(
    product?.productType === 'digital' ? 'digital' : 'physical',
  );
  const [track, setTrack] = useState(product?.stock.trackInventory ?? true);
  const [quantity, setQuantity] = useState(String(product?.stock.quantity ?? (product ? '' : '0')));
  const [inStock, setInStock] = useState(product?.stock.inStock ?? true);
  const [options, setOptions] = useState<OptionDraft[]>(product ? draftsOf(product.productOptions) : []);
  const [local, setLocal] = useState<{ price?: string; quantity?: string }>({});
  // Several variants each keep their own stock (the product's figure is their sum): set it per variant.
  const perVariant = product !== undefined && (product.manageVariants || product.variants.length > 1);
  const stockChanged =
    product === undefined ||
    track !== product.stock.trackInventory ||
    (track ? quantity !== String(product.stock.quantity ?? '') : inStock !== product.stock.inStock);

  const error = (...fields: string[]) => violationsOf(save.error, ...fields);
  const nameError = error('product.name', 'product.slug');
  const priceError = local.price ?? error('product.priceData', 'product.price');
  const quantityError = local.quantity ?? error('product.stock');
  const skuError = error('product.sku');
  const descriptionError = error('product.description');
  const typeError = error('product.productType');
  const setOption = (index: number, change: Partial<OptionDraft>) =>
    setOptions(options.map((option, at) => (at === index ? { ...option, ...change } : option)));

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = parseAmount(price);
    const count = parseQuantity(quantity);
    const problems = {
      ...(amount === null ? { price: 'Enter a price such as 12.50.' } : {}),
      ...(track && !perVariant && count === null ? { quantity: 'Enter a whole number of items.' } : {}),
    };
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    const input: ProductInput = {
      name: name.trim(),
      description,
      sku: sku.trim(),
      visible,
      productType,
      ...(amount === undefined || amount === null ? {} : { priceData: { price: amount } }),
      ...(perVariant || !stockChanged
        ? {}
        : {
            stock: track
              ? { trackInventory: true, quantity: count ?? 0 }
              : { trackInventory: false, inStock },
          }),
      ...(product && sameOptions(options, product.productOptions)
        ? {}
        : { productOptions: optionsOf(options) }),
    };
    save.mutate(input, { onSuccess: props.onSaved });
  }

  const variants = variantCount(options);
  return (
    <section className="card" aria-labelledby="product-details">
      <h2 id="product-details">Details</h2>
      <form className="form-grid" onSubmit={submit} noValidate>
        <FormError error={save.error} shown={SHOWN} />
        <Field id="product-name" label="Name" error={nameError}>
          <input
            {...describedBy('product-name', nameError)}
            value={name}
            maxLength={80}
            required
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <Field id="product-price" label={`Price (${props.currency})`} error={priceError}>
          <input
            {...describedBy('product-price', priceError)}
            inputMode="decimal"
            placeholder="0.00"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
          />
        </Field>
        <Field id="product-sku" label="SKU" error={skuError}>
          <input
            {...describedBy('product-sku', skuError)}
            value={sku}
            maxLength={40}
            onChange={(event) => setSku(event.target.value)}
          />
        </Field>
        <Field id="product-type" label="Product type" error={typeError}>
          <select
            {...describedBy('product-type', typeError)}
            value={productType}
            onChange={(event) => setProductType(event.target.value as ProductType)}
          >
            {TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </Field>
        <div className="field wide">
          <label htmlFor="product-description">Description</label>
          <textarea
            className="store-textarea"
            {...describedBy('product-description', descriptionError)}
            rows={3}
            maxLength={8000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          {descriptionError ? (
            <span className="field-error" id="product-description-error">
              {descriptionError}
            </span>
          ) : null}
        </div>
        <label className="check">
          <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} />
          Visible in the store
        </label>
        <fieldset className="fieldset">
          <legend>Stock</legend>
          {perVariant ? (
            <p className="muted small">
              Each variant keeps its own stock: set it in the variants below or in Inventory.
            </p>
          ) : (
            <>
              <label className="check">
                <input type="checkbox" checked={track} onChange={(event) => setTrack(event.target.checked)} />
                Count stock
              </label>
              {track ? (
                <Field id="product-quantity" label="Quantity in stock" error={quantityError}>
                  <input
                    {...describedBy('product-quantity', quantityError)}
                    inputMode="numeric"
                    value={quantity}
                    onChange={(event) => setQuantity(event.target.value)}
                  />
                </Field>
              ) : (
                <label className="check">
                  <input
                    type="checkbox"
                    checked={inStock}
                    onChange={(event) => setInStock(event.target.checked)}
                  />
                  In stock
                </label>
              )}
              {track && options.length > 0 ? (
                <p className="muted small">Every variant gets this quantity.</p>
              ) : null}
            </>
          )}
        </fieldset>
        <fieldset className="fieldset options">
          <legend>Options</legend>
          {options.length === 0 ? (
            <p className="muted small">No options: the product is sold as it is.</p>
          ) : null}
          {options.map((option, index) => {
            const optionError = error(`product.productOptions[${index}]`);
            const id = `option-${index}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: drafts have no id; their place is their identity
              <div className="option-row" key={index}>
                <Field id={`${id}-name`} label={`Option ${index + 1} name`} error={optionError}>
                  <input
                    {...describedBy(`${id}-name`, optionError)}
                    value={option.name}
                    maxLength={50}
                    placeholder="Size"
                    onChange={(event) => setOption(index, { name: event.target.value })}
                  />
                </Field>
                <Field id={`${id}-choices`} label={`Option ${index + 1} choices`} hint="Separated by commas">
                  <input
                    {...describedBy(`${id}-choices`, undefined, 'hint')}
                    value={option.choices}
                    placeholder="S, M, L"
                    onChange={(event) => setOption(index, { choices: event.target.value })}
                  />
                </Field>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={option.colour}
                    onChange={(event) => setOption(index, { colour: event.target.checked })}
                  />
                  Colours
                </label>
                <button
                  type="button"
                  className="button"
                  aria-label={`Remove option ${index + 1}${option.name ? ` (${option.name})` : ''}`}
                  onClick={() => setOptions(options.filter((_, at) => at !== index))}
                >
                  Remove
                </button>
              </div>
            );
          })}
          <div className="option-actions">
            <button
              type="button"
              className="button"
              disabled={options.length >= 6}
              onClick={() => setOptions([...options, EMPTY_OPTION])}
            >
              Add option
            </button>
            <span className="muted small" aria-live="polite">
              {options.length > 0 ? `${variants} variant${variants === 1 ? '' : 's'}` : ''}
            </span>
          </div>
        </fieldset>
        <div className="form-actions store-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : product ? 'Save product' : 'Create product'}
          </button>
        </div>
      </form>
    </section>
  );
}
