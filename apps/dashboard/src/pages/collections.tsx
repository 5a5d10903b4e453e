import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  COLLECTION_PAGE,
  type Collection,
  useCollectionProducts,
  useCollections,
  useDeleteCollection,
  useRemoveFromCollection,
  useSaveCollection,
} from '../api/catalog.ts';
import { ApiError } from '../api/client.ts';
import { ConfirmDialog } from '../components/confirm.tsx';
import { describedBy, Field, FormError, violationsOf } from '../components/field.tsx';
import { Pager } from '../components/pager.tsx';
import { Empty, ErrorState, Loading, Notice } from '../components/states.tsx';
import './store.css';

/** A new collection, or a collection's new name; the API's violations beside the name. */
function NameForm(props: { collection?: Collection; onDone(name: string): void; onCancel?(): void }) {
  const save = useSaveCollection();
  const [name, setName] = useState(props.collection?.name ?? '');
  const id = props.collection ? `rename-${props.collection.id}` : 'new-collection';
  const error = violationsOf(save.error, 'collection.name', 'collection.slug');

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { id: props.collection?.id, name: name.trim() },
      {
        onSuccess: () => {
          props.onDone(name.trim());
          if (!props.collection) setName('');
        },
      },
    );
  }

  return (
    <form className="name-form" onSubmit={submit} noValidate>
      <FormError error={save.error} shown={['collection.name', 'collection.slug']} />
      <Field
        id={id}
        label={props.collection ? `New name for ${props.collection.name}` : 'Name'}
        error={error}
      >
        <input
          {...describedBy(id, error)}
          value={name}
          maxLength={50}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : props.collection ? 'Rename' : 'Create collection'}
      </button>
      {props.onCancel ? (
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
      ) : null}
    </form>
  );
}

/** The products of one collection, paged by the server; each can be taken out of it. */
function CollectionProducts({ collection }: { collection: Collection }) {
  const [page, setPage] = useState(0);
  const products = useCollectionProducts(collection.id, page);
  const remove = useRemoveFromCollection(collection.id);
  return (
    <section className="card" aria-labelledby="collection-products" aria-busy={products.isFetching}>
      <h2 id="collection-products">Products in {collection.name}</h2>
      {products.isPending ? (
        <Loading label="Loading its products…" />
      ) : products.isError ? (
        <ErrorState error={products.error} retry={() => void products.refetch()} />
      ) : products.data.products.length === 0 ? (
        <Empty>No products in it yet: add them from a product’s page.</Empty>
      ) : (
        <>
          <ul className="list">
            {products.data.products.map((product) => (
              <li key={product.id} className="row-between">
                <span>
                  <Link to={`/products/${product.id}`}>{product.name}</Link>{' '}
                  <span className="muted small">{product.priceData.formatted.price}</span>
                  {product.visible ? null : <span className="badge">Hidden</span>}
                </span>
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Take out ${product.name} from ${collection.name}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(product.id)}
                >
                  Take out
                </button>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={COLLECTION_PAGE}
            metadata={products.data.metadata}
            onPage={setPage}
            label={`Pages of ${collection.name}`}
          />
        </>
      )}
      {remove.error ? (
        <p className="form-error" role="alert">
          {remove.error instanceof ApiError ? remove.error.message : 'The product could not be taken out.'}
        </p>
      ) : null}
    </section>
  );
}

/** Collections by name (searched and paged by the server, in the URL): create, rename, delete, see their products. */
export function Collections() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const open = params.get('open') ?? '';
  const [draft, setDraft] = useState(search);
  const [renaming, setRenaming] = useState<string | undefined>();
  const [asking, setAsking] = useState<Collection | undefined>();
  const [notice, setNotice] = useState('');
  const collections = useCollections(search, page);
  const remove = useDeleteCollection();
  const go = (q: string, next: number, shown = open) =>
    setParams({
      ...(q ? { q } : {}),
      ...(next > 0 ? { page: String(next) } : {}),
      ...(shown ? { open: shown } : {}),
    });
  const opened = collections.data?.collections.find((collection) => collection.id === open);

  return (
    <>
      <div className="page-head">
        <h1>Collections</h1>
        <search>
          <form
            className="search"
            onSubmit={(event) => {
              event.preventDefault();
              go(draft.trim(), 0, '');
            }}
          >
            <label>
              <span className="visually-hidden">Search collections by the start of their name</span>
              <input
                type="search"
                placeholder="Name starts with"
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
      <Notice message={notice} />
      <section className="card" aria-busy={collections.isFetching}>
        {collections.isPending ? (
          <Loading label="Loading collections…" />
        ) : collections.isError ? (
          <ErrorState error={collections.error} retry={() => void collections.refetch()} />
        ) : collections.data.collections.length === 0 ? (
          <Empty>
            {search ? `No collection name starts with “${search}”.` : 'No collections yet: create one below.'}
          </Empty>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Collections by name</caption>
                <thead>
                  <tr>
                    <th scope="col">Collection</th>
                    <th scope="col" className="number">
                      Products
                    </th>
                    <th scope="col">Visible</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {collections.data.collections.map((collection) => (
                    <tr key={collection.id} data-collection={collection.name}>
                      <td>
                        {renaming === collection.id ? (
                          <NameForm
                            collection={collection}
                            onCancel={() => setRenaming(undefined)}
                            onDone={(name) => {
                              setRenaming(undefined);
                              setNotice(`Renamed to ${name}.`);
                            }}
                          />
                        ) : (
                          collection.name
                        )}
                      </td>
                      <td className="number">{collection.numberOfProducts}</td>
                      <td>{collection.visible ? 'Yes' : 'Hidden'}</td>
                      <td className="actions">
                        <button
                          type="button"
                          className="button"
                          aria-pressed={open === collection.id}
                          aria-label={`Products of ${collection.name}`}
                          onClick={() => go(search, page, open === collection.id ? '' : collection.id)}
                        >
                          Products
                        </button>
                        <button
                          type="button"
                          className="button"
                          aria-label={`Rename ${collection.name}`}
                          onClick={() => setRenaming(collection.id)}
                        >
                          Rename
                        </button>
                        <button
                          type="button"
                          className="button button-danger"
                          aria-label={`Delete ${collection.name}`}
                          onClick={() => setAsking(collection)}
                        >
                          Delete
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={COLLECTION_PAGE}
              metadata={collections.data.metadata}
              onPage={(next) => go(search, next)}
              label="Collection pages"
            />
          </>
        )}
      </section>
      {opened ? <CollectionProducts key={opened.id} collection={opened} /> : null}
      <section className="card" aria-labelledby="new-collection-title">
        <h2 id="new-collection-title">New collection</h2>
        <NameForm onDone={(name) => setNotice(`${name} created.`)} />
      </section>
      {asking ? (
        <ConfirmDialog
          open
          title={`Delete ${asking.name}?`}
          confirmLabel="Delete collection"
          cancelLabel="Keep collection"
          busy={remove.isPending}
          onCancel={() => setAsking(undefined)}
          onConfirm={() =>
            remove.mutate(asking.id, {
              onSuccess: () => {
                setNotice(`${asking.name} deleted.`);
                if (open === asking.id) go(search, page, '');
                setAsking(undefined);
              },
            })
          }
        >
          <p>
            The collection goes; its {asking.numberOfProducts} product
            {asking.numberOfProducts === 1 ? '' : 's'} stay in the store.
          </p>
          {remove.error ? (
            <p className="form-error" role="alert">
              {remove.error instanceof ApiError
                ? remove.error.message
                : 'The collection could not be deleted.'}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
