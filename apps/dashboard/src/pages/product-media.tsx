import { type DragEvent, useState } from 'react';
import type { CatalogProduct, MediaItem } from '../api/catalog.ts';
import { useAddMedia, useRemoveMedia } from '../api/catalog.ts';
import { ApiError } from '../api/client.ts';
import { ConfirmDialog } from '../components/confirm.tsx';
import { MAX_IMAGE_BYTES } from '../lib/catalog.ts';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The product's images: dropped or picked files are sent as `data:` URLs, which the catalog stores; removal asks first. */
export function ProductMedia({ product }: { product: CatalogProduct }) {
  const add = useAddMedia(product.id);
  const remove = useRemoveMedia(product.id);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState('');
  const [asking, setAsking] = useState<MediaItem | undefined>();
  const [note, setNote] = useState('');

  async function upload(files: readonly File[]) {
    setProblem('');
    setNote('');
    const images = files.filter((file) => file.type.startsWith('image/'));
    const refused = [
      ...files
        .filter((file) => !file.type.startsWith('image/'))
        .map((file) => `${file.name} is not an image.`),
      ...images
        .filter((file) => file.size > MAX_IMAGE_BYTES)
        .map((file) => `${file.name} is ${megabytes(file.size)}; at most ${megabytes(MAX_IMAGE_BYTES)}.`),
    ];
    const fitting = images.filter((file) => file.size <= MAX_IMAGE_BYTES);
    if (refused.length > 0) setProblem(refused.join(' '));
    if (fitting.length === 0) return;
    try {
      const media = await Promise.all(
        fitting.map(async (file) => ({ url: await readAsDataUrl(file), title: file.name })),
      );
      add.mutate(media, {
        onSuccess: () => setNote(`Added ${media.length} image${media.length === 1 ? '' : 's'}.`),
      });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The file could not be read.');
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    void upload([...event.dataTransfer.files]);
  }

  const failure = add.error ?? remove.error;
  return (
    <section className="card" aria-labelledby="product-media">
      <h2 id="product-media">Images</h2>
      {product.media.items.length === 0 ? (
        <p className="muted">No images yet.</p>
      ) : (
        <ul className="media-grid">
          {product.media.items.map((item, index) => (
            <li key={item.id}>
              {item.image ? (
                <img src={item.image.url} alt={item.title ?? `Image ${index + 1}`} width={120} height={120} />
              ) : (
                <span className="thumb-placeholder" aria-hidden="true" />
              )}
              <span className="small break">
                {index === 0 ? 'Main image' : (item.title ?? `Image ${index + 1}`)}
              </span>
              <button
                type="button"
                className="button button-small"
                aria-label={`Remove ${item.title ?? `image ${index + 1}`}`}
                onClick={() => setAsking(item)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <section
        className={`drop-zone${over ? ' drop-over' : ''}`}
        aria-label="Add images"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p>Drop image files here, or</p>
        <label className="button">
          Choose images
          <input
            className="visually-hidden"
            type="file"
            accept="image/*"
            multiple
            onChange={(event) => {
              void upload([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </label>
        <p className="muted small">PNG, JPEG, GIF or WebP, up to {megabytes(MAX_IMAGE_BYTES)} each.</p>
      </section>
      {add.isPending ? (
        <p className="state" role="status">
          <span className="spinner" aria-hidden="true" /> Uploading…
        </p>
      ) : null}
      <p className="muted small" role="status">
        {note}
      </p>
      {problem || failure ? (
        <p className="form-error" role="alert">
          {problem}
          {failure
            ? ` ${failure instanceof ApiError ? failure.message : 'The images could not be changed.'}`
            : ''}
        </p>
      ) : null}
      {asking ? (
        <ConfirmDialog
          open
          title="Remove this image?"
          confirmLabel="Remove image"
          cancelLabel="Keep image"
          busy={remove.isPending}
          onCancel={() => setAsking(undefined)}
          onConfirm={() =>
            remove.mutate(asking.id, {
              onSuccess: () => {
                setAsking(undefined);
                setNote('Image removed.');
              },
              onError: () => setAsking(undefined),
            })
          }
        >
          <p>
            {asking.title ?? 'The image'} leaves {product.name} and the store. The file itself cannot be
            brought back.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
