import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE, useProducts } from '../api/store.ts';
import { Pager } from '../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../components/states.tsx';

/** Products by name, searched and paged by the server; search and page live in the URL. */
export function Products() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const [draft, setDraft] = useState(search);
  const products = useProducts(search, page);
  const go = (q: string, next: number) =>
    setParams({ ...(q ? { q } : {}), ...(next > 0 ? { page: String(next) } : {}) });

  function submit(event: FormEvent) {
    event.preventDefault();
    go(draft.trim(), 0);
  }

  return (
    <>
      <div className="page-head">
        <h1>Products</h1>
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
      </div>
      <section className="card" aria-busy={products.isFetching}>
        {products.isPending ? (
          <Loading label="Loading products…" />
        ) : products.isError ? (
          <ErrorState error={products.error} retry={() => void products.refetch()} />
        ) : products.data.products.length === 0 ? (
          <Empty>{search ? `No product name contains “${search}”.` : 'No products yet.'}</Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Products by name</caption>
                <thead>
                  <tr>
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
                  {products.data.products.map((product) => (
                    <tr key={product.id}>
                      <td>
                        <span className="product-cell">
                          {product.media.mainMedia?.thumbnail?.url ? (
                            <img src={product.media.mainMedia.thumbnail.url} alt="" width={32} height={32} />
                          ) : (
                            <span className="thumb-placeholder" aria-hidden="true" />
                          )}
                          {product.name}
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
              pageSize={PAGE_SIZE}
              metadata={products.data.metadata}
              onPage={(next) => go(search, next)}
              label="Product pages"
            />
          </>
        )}
      </section>
    </>
  );
}
