import type { PagingMetadata } from '../api/types.ts';

/** Previous / next by the server's `total`; the page count is read out to screen readers. */
export function Pager(props: {
  page: number;
  pageSize: number;
  metadata: PagingMetadata | undefined;
  onPage(page: number): void;
  label: string;
}) {
  const total = props.metadata?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / props.pageSize));
  return (
    <nav className="pager" aria-label={props.label}>
      <button
        type="button"
        className="button"
        disabled={props.page === 0}
        onClick={() => props.onPage(props.page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {props.page + 1} of {pages} · {total} in all
      </span>
      <button
        type="button"
        className="button"
        disabled={props.page + 1 >= pages}
        onClick={() => props.onPage(props.page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
