import { type FormEvent, useRef, useState } from 'react';
import type { CatalogProduct, ProductVariant, VariantUpdate } from '../api/catalog.ts';
import { useUpdateVariants } from '../api/catalog.ts';
import { ApiError } from '../api/client.ts';
import { parseAmount, parseQuantity, variantLabel } from '../lib/catalog.ts';

interface Draft {
  price: string;
  sku: string;
  visible: boolean;
  quantity: string;
}

const draftOf = (variant: ProductVariant): Draft => ({
  price: String(variant.variant.priceData.price),
  sku: variant.variant.sku ?? '',
  visible: variant.variant.visible,
  quantity: variant.stock.quantity === undefined ? '' : String(variant.stock.quantity),
});

/** The update of one variant, or undefined when nothing of it changed; a local error names the field. */
function updateOf(
  variant: ProductVariant,
  draft: Draft,
  track: boolean,
  switching: boolean,
): { update?: VariantUpdate; error?: string } {
  const before = draftOf(variant);
  const price = parseAmount(draft.price);
  if (price === null || price === undefined) return { error: 'Enter a price such as 12.50.' };
  const quantity = parseQuantity(draft.quantity);
  if (track && (quantity === null || quantity === undefined))
    return { error: 'Enter a whole number of items.' };
  const update: VariantUpdate = {
    variantIds: [variant.id],
    ...(draft.price !== before.price ? { price } : {}),
    ...(draft.sku !== before.sku ? { sku: draft.sku.trim() } : {}),
    ...(draft.visible !== before.visible ? { visible: draft.visible } : {}),
    ...(switching || (track && draft.quantity !== before.quantity)
      ? { stock: track ? { trackQuantity: true, quantity: quantity ?? 0 } : { trackQuantity: false } }
      : {}),
  };
  return Object.keys(update).length > 1 ? { update } : {};
}

/** Each variant's price, SKU, visibility and stock, saved together (updateProductVariants). */
export function ProductVariants({ product, onSaved }: { product: CatalogProduct; onSaved(): void }) {
  const save = useUpdateVariants(product.id);
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(product.variants.map((variant) => [variant.id, draftOf(variant)])),
  );
  const [track, setTrack] = useState(product.stock.trackInventory);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  // The variant each entry of the last call stood for: the API names violations by entry.
  const sent = useRef<string[]>([]);
  const switching = track !== product.stock.trackInventory;

  const change = (id: string, patch: Partial<Draft>) =>
    setDrafts({ ...drafts, [id]: { ...drafts[id]!, ...patch } });

  function submit(event: FormEvent) {
    event.preventDefault();
    setNote('');
    const local: Record<string, string> = {};
    const updates: VariantUpdate[] = [];
    const ids: string[] = [];
    for (const variant of product.variants) {
      const { update, error } = updateOf(variant, drafts[variant.id]!, track, switching);
      if (error) local[variant.id] = error;
      if (update) {
        updates.push(update);
        ids.push(variant.id);
      }
    }
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    if (updates.length === 0) {
      setNote('Nothing changed.');
      return;
    }
    sent.current = ids;
    save.mutate(updates, {
      onSuccess: () => {
        setNote(`Saved ${updates.length} variant${updates.length === 1 ? '' : 's'}.`);
        onSaved();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const placed: Record<string, string> = {};
        for (const violation of error.fieldViolations) {
          const at = /^variants\[(\d+)\]/.exec(violation.field);
          const id = at ? sent.current[Number(at[1])] : undefined;
          if (id) placed[id] = [placed[id], violation.description].filter(Boolean).join(' ');
        }
        setErrors(placed);
      },
    });
  }

  return (
    <section className="card" aria-labelledby="product-variants">
      <h2 id="product-variants">Variants</h2>
      <form onSubmit={submit} noValidate>
        <label className="check">
          <input type="checkbox" checked={track} onChange={(event) => setTrack(event.target.checked)} />
          Count stock of every variant
        </label>
        <div className="table-wrap">
          <table className="table variants-table">
            <caption className="visually-hidden">Variants of {product.name}</caption>
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col">Price</th>
                <th scope="col">SKU</th>
                {track ? <th scope="col">Stock</th> : null}
                <th scope="col">Visible</th>
              </tr>
            </thead>
            <tbody>
              {product.variants.map((variant) => {
                const label = variantLabel(variant.choices);
                const draft = drafts[variant.id] ?? draftOf(variant);
                const error = errors[variant.id];
                const errorId = `variant-${variant.id}-error`;
                const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};
                return (
                  <tr key={variant.id} data-variant={label}>
                    <th scope="row">
                      {label}
                      {error ? (
                        <span className="field-error" id={errorId}>
                          {error}
                        </span>
                      ) : null}
                    </th>
                    <td>
                      <input
                        className="cell-input"
                        aria-label={`Price of ${label}`}
                        inputMode="decimal"
                        value={draft.price}
                        {...described}
                        onChange={(event) => change(variant.id, { price: event.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        className="cell-input"
                        aria-label={`SKU of ${label}`}
                        maxLength={40}
                        value={draft.sku}
                        {...described}
                        onChange={(event) => change(variant.id, { sku: event.target.value })}
                      />
                    </td>
                    {track ? (
                      <td>
                        <input
                          className="cell-input cell-narrow"
                          aria-label={`Stock of ${label}`}
                          inputMode="numeric"
                          value={draft.quantity}
                          placeholder="0"
                          {...described}
                          onChange={(event) => change(variant.id, { quantity: event.target.value })}
                        />
                      </td>
                    ) : null}
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${label} visible`}
                        checked={draft.visible}
                        onChange={(event) => change(variant.id, { visible: event.target.checked })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {save.error && Object.keys(errors).length === 0 ? (
          <p className="form-error" role="alert">
            {save.error instanceof ApiError ? save.error.message : 'The variants could not be saved.'}
          </p>
        ) : null}
        <div className="form-actions store-actions spaced">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save variants'}
          </button>
          <span className="muted small" role="status">
            {note}
          </span>
        </div>
      </form>
    </section>
  );
}
