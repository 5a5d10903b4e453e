import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { type CatalogProduct, useDeleteProduct, useProduct } from '../api/catalog.ts';
import { ApiError } from '../api/client.ts';
import { useSite } from '../api/store.ts';
import { ConfirmDialog } from '../components/confirm.tsx';
import { ErrorState, Loading, Notice } from '../components/states.tsx';
import { ProductCollections } from './product-collections.tsx';
import { ProductForm } from './product-form.tsx';
import { ProductMedia } from './product-media.tsx';
import { ProductVariants } from './product-variants.tsx';
import './store.css';

/** A product: create (`/products/new`) or edit its details, options, variants, images and collections; delete it. */
export function ProductPage() {
  const location = useLocation();
  // Each visit starts afresh: a product just created opens with the notice it was sent with.
  return <ProductRoute key={location.key} />;
}

function ProductRoute() {
  const { id } = useParams();
  const creating = id === 'new';
  const product = useProduct(creating ? undefined : id);
  const site = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const [notice, setNotice] = useState<string>((location.state as { notice?: string } | null)?.notice ?? '');
  const currency = site.data?.currency ?? '';

  const back = (
    <p className="small">
      <Link to="/products">← Products</Link>
    </p>
  );

  if (creating) {
    return (
      <>
        {back}
        <div className="page-head">
          <h1>New product</h1>
        </div>
        <ProductForm
          product={undefined}
          currency={currency}
          onSaved={(created) =>
            navigate(`/products/${created.id}`, {
              state: {
                notice:
                  created.productOptions.length > 0
                    ? `${created.name} created with ${created.variants.length} variants: set their prices and stock below.`
                    : `${created.name} created.`,
              },
            })
          }
        />
      </>
    );
  }

  if (product.isPending) return <Loading label="Loading the product…" />;
  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.status === 404;
    return (
      <>
        {back}
        {missing ? (
          <p className="state state-empty">This product does not exist (any more).</p>
        ) : (
          <ErrorState error={product.error} retry={() => void product.refetch()} />
        )}
      </>
    );
  }
  return (
    <ProductEditor
      key={product.data.id}
      product={product.data}
      currency={currency}
      back={back}
      notice={notice}
      setNotice={setNotice}
    />
  );
}

function ProductEditor(props: {
  product: CatalogProduct;
  currency: string;
  back: ReactNode;
  notice: string;
  setNotice(notice: string): void;
}) {
  const { product } = props;
  const remove = useDeleteProduct();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  // Options make new variants: the variants' drafts start again from what the server holds.
  const variantsKey = product.variants.map((variant) => variant.id).join();

  return (
    <>
      {props.back}
      <div className="page-head">
        <h1>{product.name}</h1>
        {product.visible ? (
          <span className="badge badge-ok">Visible</span>
        ) : (
          <span className="badge">Hidden</span>
        )}
        <button type="button" className="button button-danger push-right" onClick={() => setAsking(true)}>
          Delete product
        </button>
      </div>
      <Notice message={props.notice} />
      <ProductForm
        product={product}
        currency={props.currency}
        onSaved={(saved) => props.setNotice(`${saved.name} saved.`)}
      />
      {product.productOptions.length > 0 || product.manageVariants ? (
        <ProductVariants key={variantsKey} product={product} onSaved={() => props.setNotice('')} />
      ) : null}
      <ProductMedia product={product} />
      <ProductCollections product={product} />
      {asking ? (
        <ConfirmDialog
          open
          title={`Delete ${product.name}?`}
          confirmLabel="Delete product"
          cancelLabel="Keep product"
          busy={remove.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            remove.mutate(product.id, {
              onSuccess: () => navigate('/products', { state: { notice: `${product.name} deleted.` } }),
            })
          }
        >
          <p>
            The product, its {product.variants.length} variant{product.variants.length === 1 ? '' : 's'} and
            images leave the store. Orders already placed keep their lines.
          </p>
          {remove.error ? (
            <p className="form-error" role="alert">
              {remove.error instanceof ApiError ? remove.error.message : 'The product could not be deleted.'}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
