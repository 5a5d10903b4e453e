import { Link } from 'react-router';
import type { CatalogProduct } from '../api/catalog.ts';
import { useCollectionMembership, useCollections } from '../api/catalog.ts';
import { ApiError } from '../api/client.ts';
import { ErrorState, Loading } from '../components/states.tsx';

/** How many collections the product page offers, by name. */
const PICKER_LIMIT = 100;

/** The collections a product is in: ticking one adds it there at once, unticking takes it out. */
export function ProductCollections({ product }: { product: CatalogProduct }) {
  const collections = useCollections('', 0, PICKER_LIMIT);
  const membership = useCollectionMembership(product.id);
  const pending = membership.isPending ? membership.variables?.collectionId : undefined;

  return (
    <section className="card" aria-labelledby="product-collections" aria-busy={membership.isPending}>
      <h2 id="product-collections">Collections</h2>
      {collections.isPending ? (
        <Loading label="Loading collections…" />
      ) : collections.isError ? (
        <ErrorState error={collections.error} retry={() => void collections.refetch()} />
      ) : collections.data.collections.length === 0 ? (
        <p className="muted">
          No collections yet: <Link to="/collections">create one</Link>.
        </p>
      ) : (
        <fieldset className="fieldset">
          <legend>In these collections</legend>
          {collections.data.collections.map((collection) => (
            <label className="check" key={collection.id}>
              <input
                type="checkbox"
                checked={
                  pending === collection.id
                    ? membership.variables!.add
                    : product.collectionIds.includes(collection.id)
                }
                disabled={pending !== undefined}
                onChange={(event) =>
                  membership.mutate({ collectionId: collection.id, add: event.target.checked })
                }
              />
              {collection.name}
              {collection.visible ? null : <span className="badge">Hidden</span>}
            </label>
          ))}
        </fieldset>
      )}
      {(collections.data?.metadata.total ?? 0) > PICKER_LIMIT ? (
        <p className="muted small">Showing the first {PICKER_LIMIT} collections by name.</p>
      ) : null}
      {membership.error ? (
        <p className="form-error" role="alert">
          {membership.error instanceof ApiError
            ? membership.error.message
            : 'The collections could not be changed.'}
        </p>
      ) : null}
    </section>
  );
}
