import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { StoreVariant } from '../api/catalog.ts';
import { INVENTORY_PAGE, useInventory, useSetVariantStock } from '../api/catalog-bulk.ts';
import { ApiError } from '../api/client.ts';
import { LOW_STOCK } from '../api/store.ts';
import { Pager } from '../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';
import { parseQuantity, variantLabel } from '../lib/catalog.ts';
import './store.css';

/** A counted variant's quantity, edited in its row: Enter or Save sends it. */
function QuantityCell({ variant }: { variant: StoreVariant }) {
  const save = useSetVariantStock();
  const [value, setValue] = useState(String(variant.stock.quantity ?? 0));
  const [local, setLocal] = useState('');
  const label = `${variant.productName}${Object.keys(variant.choices).length > 0 ? ` ${variantLabel(variant.choices)}` : ''}`;
  const errorId = `stock-${variant.id}-error`;
  const error =
    local || (save.error ? (save.error instanceof ApiError ? save.error.message : 'Not saved.') : '');

  function submit(event: FormEvent) {
    event.preventDefault();
    const quantity = parseQuantity(value);
    if (quantity === null || quantity === undefined) return setLocal('Enter a whole number.');
    setLocal('');
    save.mutate({ variant, quantity });
  }

  return (
    <form className="stock-form" onSubmit={submit} noValidate>
      <input
        className="cell-input cell-narrow"
        aria-label={`Stock of ${label}`}
        inputMode="numeric"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      <button
        type="submit"
        className="button button-small"
        aria-label={`Save stock of ${label}`}
        disabled={save.isPending || value === String(variant.stock.quantity ?? 0)}
      >
        {save.isPending ? 'Saving…' : 'Save'}
      </button>
      {error ? (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      ) : null}
    </form>
  );
}

function StockState({ variant }: { variant: StoreVariant }) {
  if (!variant.stock.inStock) return <span className="badge badge-danger">Out of stock</span>;
  if (variant.stock.trackQuantity && (variant.stock.quantity ?? 0) <= LOW_STOCK)
    return <span className="badge badge-warn">Low</span>;
  return <span className="badge badge-ok">In stock</span>;
}

/** Every variant with its stock (queryStoreVariants), searched by product name, low stock first when asked. */
export function Inventory() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const low = params.get('low') === '1';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const [draft, setDraft] = useState(search);
  const inventory = useInventory(search, low, LOW_STOCK, page);
  const go = (q: string, lowOnly: boolean, next: number) =>
    setParams({
      ...(q ? { q } : {}),
      ...(lowOnly ? { low: '1' } : {}),
      ...(next > 0 ? { page: String(next) } : {}),
    });

  return (
    <>
      <div className="page-head">
        <h1>Inventory</h1>
        <search>
          <form
            className="search"
            onSubmit={(event) => {
              event.preventDefault();
              go(draft.trim(), low, 0);
            }}
          >
            <label>
              <span className="visually-hidden">Search by product name</span>
              <input
                type="search"
                placeholder="Product name"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
              />
            </label>
            <button type="submit" className="button">
              Search
            </button>
          </form>
        </search>
        <label className="check">
          <input type="checkbox" checked={low} onChange={(event) => go(search, event.target.checked, 0)} />
          Only low stock ({LOW_STOCK} or fewer)
        </label>
      </div>
      <section className="card" aria-busy={inventory.isFetching}>
        {inventory.isPending ? (
          <Loading label="Loading stock…" />
        ) : inventory.isError ? (
          <ErrorState error={inventory.error} retry={() => void inventory.refetch()} />
        ) : inventory.data.variants.length === 0 ? (
          <Empty>
            {low
              ? 'Nothing is low on stock.'
              : search
                ? `No product name contains “${search}”.`
                : 'No products yet.'}
          </Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Stock of each variant</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Variant</th>
                    <th scope="col">SKU</th>
                    <th scope="col">State</th>
                    <th scope="col">In stock</th>
                  </tr>
                </thead>
                <tbody>
                  {inventory.data.variants.map((variant) => (
                    <tr
                      key={variant.id}
                      data-variant={`${variant.productName} ${variantLabel(variant.choices)}`}
                    >
                      <td>
                        <Link to={`/products/${variant.productId}`}>{variant.productName}</Link>
                      </td>
                      <td>{variantLabel(variant.choices)}</td>
                      <td>{variant.sku || '—'}</td>
                      <td>
                        <StockState variant={variant} />
                      </td>
                      <td>
                        {variant.stock.trackQuantity ? (
                          <QuantityCell key={`${variant.id}-${variant.stock.quantity}`} variant={variant} />
                        ) : (
                          <span className="muted">Not counted</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={INVENTORY_PAGE}
              metadata={inventory.data.metadata}
              onPage={(next) => go(search, low, next)}
              label="Inventory pages"
            />
          </>
        )}
      </section>
    </>
  );
}
