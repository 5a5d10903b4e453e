import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { type ListedCatalogProduct as ListedProduct, PRODUCT_PAGE, useProductList } from '../api/catalog.ts';
import { Pager } from '../components/pager.tsx';
import { Empty, ErrorState, Loading, Notice } from '../components/states.tsx';
import { BulkChanges, type Selected } from './product-bulk.tsx';
import './store.css';

const SHOW: Array<[string, string]> = [
  ['', 'All products'],
  ['visible', 'Visible'],
  ['hidden', 'Hidden'],
];
const STOCK: Array<[string, string]> = [
  ['', 'Any stock'],
  ['in', 'In stock'],
  ['out', 'Out of stock'],
];
const pick = (value: string | null, options: Array<[string, string]>) =>
  options.some(([known]) => known === value) ? (value as string) : '';

/**
 * Products by name, searched and paged by the server (search and page in the URL); rows ticked on any
 * page take one bulk change of price or stock.
 */
export function Products() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = {
    search: params.get('q') ?? '',
    show: pick(params.get('show'), SHOW),
    stock: pick(params.get('stock'), STOCK),
  };
  const { search } = filters;
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const [draft, setDraft] = useState(search);
  const [selected, setSelected] = useState<Map<string, Selected>>(new Map());
  const products = useProductList(filters, page);
  const notice = (location.state as { notice?: string } | null)?.notice;
  const go = (change: Partial<typeof filters>, next: number) => {
    const { search: q, show, stock } = { ...filters, ...change };
    setParams({
      ...(q ? { q } : {}),
      ...(show ? { show } : {}),
      ...(stock ? { stock } : {}),
      ...(next > 0 ? { page: String(next) } : {}),
    });
  };
  const filtered = Boolean(filters.show || filters.stock);
  const rows = products.data?.products ?? [];
  const allTicked = rows.length > 0 && rows.every((product) => selected.has(product.id));

  function submit(event: FormEvent) {
    event.preventDefault();
    go({ search: draft.trim() }, 0);
  }

  function tick(list: ListedProduct[], on: boolean) {
    const next = new Map(selected);
    for (const product of list) {
      if (on)
        next.set(product.id, { id: product.id, name: product.name, manageVariants: product.manageVariants });
      else next.delete(product.id);
    }
    setSelected(next);
  }

  return (
    <>
      <div className="page-head">
        <h1>Products</h1>
        <Link className="button button-primary" to="/products/new">
          New product
        </Link>
        <div className="list-filters">
          <search>
            <form className="search" onSubmit={submit}>
              <label>
                <span className="visually-hidden">Search products by name</span>
                <input
                  type="search"
                  placeholder="Search by name"
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                />
              </label>
              <button type="submit" className="button">
                Search
              </button>
            </form>
          </search>
          <div className="inline-field">
            <label htmlFor="filter-show">Shown</label>
            <select
              id="filter-show"
              value={filters.show}
              onChange={(event) => go({ show: event.target.value }, 0)}
            >
              {SHOW.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="inline-field">
            <label htmlFor="filter-stock">Stock</label>
            <select
              id="filter-stock"
              value={filters.stock}
              onChange={(event) => go({ stock: event.target.value }, 0)}
            >
              {STOCK.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <Notice message={notice} />
      {selected.size > 0 ? (
        <BulkChanges selected={[...selected.values()]} onClear={() => setSelected(new Map())} />
      ) : null}
      <section className="card" aria-busy={products.isFetching}>
        {products.isPending ? (
          <Loading label="Loading products…" />
        ) : products.isError ? (
          <ErrorState error={products.error} retry={() => void products.refetch()} />
        ) : rows.length === 0 ? (
          <Empty>
            {search
              ? `No product name contains “${search}”${filtered ? ' with these filters' : ''}.`
              : filtered
                ? 'No product matches these filters.'
                : 'No products yet.'}
          </Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Products by name</caption>
                <thead>
                  <tr>
                    <th scope="col" className="tick">
                      <input
                        type="checkbox"
                        aria-label="Select every product on this page"
                        checked={allTicked}
                        onChange={(event) => tick(rows, event.target.checked)}
                      />
                    </th>
                    <th scope="col">Product</th>
                    <th scope="col">SKU</th>
                    <th scope="col">Visible</th>
                    <th scope="col" className="number">
                      Stock
                    </th>
                    <th scope="col" className="number">
                      Price
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((product) => (
                    <tr key={product.id} data-product={product.name}>
                      <td className="tick">
                        <input
                          type="checkbox"
                          aria-label={`Select ${product.name}`}
                          checked={selected.has(product.id)}
                          onChange={(event) => tick([product], event.target.checked)}
                        />
                      </td>
                      <td>
                        <span className="product-cell">
                          {product.media.mainMedia?.thumbnail?.url ? (
                            <img src={product.media.mainMedia.thumbnail.url} alt="" width={32} height={32} />
                          ) : (
                            <span className="thumb-placeholder" aria-hidden="true" />
                          )}
                          <Link to={`/products/${product.id}`}>{product.name}</Link>
                        </span>
                      </td>
                      <td>{product.sku || '—'}</td>
                      <td>{product.visible ? 'Yes' : 'Hidden'}</td>
                      <td className="number">
                        {product.stock.trackInventory
                          ? (product.stock.quantity ?? 0)
                          : product.stock.inStock
                            ? 'In stock'
                            : 'Out of stock'}
                      </td>
                      <td className="number">{product.priceData.formatted.price}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={PRODUCT_PAGE}
              metadata={products.data.metadata}
              onPage={(next) => go({}, next)}
              label="Product pages"
            />
          </>
        )}
      </section>
    </>
  );
}
