import { useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { forEachOrderPage } from '../api/orders.ts';
import { csvRow, ORDER_CSV_COLUMNS, orderCsvRow } from '../lib/csv.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'finished'; rows: number }
  | { kind: 'failed'; message: string };

/** Hands `parts` to the browser as a file download. */
function download(parts: BlobPart[], name: string) {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it starts.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The orders the list's filters match as a CSV file, read page by page with the cursor: the server
 * answers one page a call and the browser puts the file together, showing how far it is.
 */
export function ExportOrders({ filter }: { filter: Record<string, unknown> }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const stop = useRef<AbortController | undefined>(undefined);

  async function run() {
    const controller = new AbortController();
    stop.current = controller;
    // A byte-order mark: spreadsheets then read the file as UTF-8.
    const parts: string[] = ['\uFEFF', csvRow(ORDER_CSV_COLUMNS)];
    let rows = 0;
    setState({ kind: 'running', done: 0, total: 0 });
    try {
      await forEachOrderPage(
        filter,
        (orders, progress) => {
          parts.push(orders.map(orderCsvRow).join(''));
          rows += orders.length;
          setState({ kind: 'running', ...progress });
        },
        controller.signal,
      );
      download(parts, `orders-${new Date().toISOString().slice(0, 10)}.csv`);
      setState({ kind: 'finished', rows });
    } catch (error) {
      setState(
        controller.signal.aborted
          ? { kind: 'idle' }
          : { kind: 'failed', message: error instanceof ApiError ? error.message : 'The export failed.' },
      );
    } finally {
      stop.current = undefined;
    }
  }

  return (
    <div className="order-export">
      {state.kind === 'running' ? (
        <>
          <label className="order-export-progress">
            <span>
              Exporting {state.done} of {state.total || '…'} orders
            </span>
            <progress max={state.total || 1} value={state.done} />
          </label>
          <button type="button" className="button" onClick={() => stop.current?.abort()}>
            Stop export
          </button>
        </>
      ) : (
        <button type="button" className="button" onClick={() => void run()}>
          Export CSV
        </button>
      )}
      <span className="muted small" role="status">
        {state.kind === 'finished' ? `Exported ${state.rows} orders.` : ''}
      </span>
      {state.kind === 'failed' ? (
        <span className="form-error" role="alert">
          {state.message}
        </span>
      ) : null}
    </div>
  );
}
