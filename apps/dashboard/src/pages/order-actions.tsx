import { useState } from 'react';
import { ApiError } from '../api/client.ts';
import { useMarkOrderPaid, useResendConfirmation } from '../api/orders.ts';
import { useCancelOrder } from '../api/store.ts';
import type { Order } from '../api/types.ts';
import { ConfirmDialog } from '../components/confirm.tsx';

const failure = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** What cancelling does to the money, as the button and the question say it. */
function cancelWords(order: Order) {
  if (order.paymentStatus === 'AUTHORIZED')
    return {
      button: 'Cancel and void payment',
      money: 'The authorised payment is voided: the card is not charged.',
    };
  if (order.paymentStatus === 'PAID')
    return {
      button: 'Cancel and refund',
      money: `${order.priceSummary.total.formattedAmount} is refunded to the buyer.`,
    };
  return { button: 'Cancel order', money: 'Nothing was paid, so nothing is refunded.' };
}

/**
 * The order's actions: mark an offline order paid, capture an authorised payment, send the
 * confirmation e-mail again, cancel (voiding or refunding the payment) with or without restock.
 * Every action that moves money or cannot be undone asks first.
 */
export function OrderActions({ order }: { order: Order }) {
  const pay = useMarkOrderPaid(order.id);
  const cancel = useCancelOrder(order.id);
  const resend = useResendConfirmation(order.id);
  const [asking, setAsking] = useState<'pay' | 'cancel' | undefined>();
  const [restock, setRestock] = useState(true);
  const open = order.status !== 'CANCELED';
  const capture = order.paymentStatus === 'AUTHORIZED';
  const words = cancelWords(order);
  const total = order.priceSummary.total.formattedAmount;

  return (
    <>
      <div className="order-actions">
        {open && (order.paymentStatus === 'NOT_PAID' || capture) ? (
          <button type="button" className="button button-primary" onClick={() => setAsking('pay')}>
            {capture ? 'Capture payment' : 'Mark as paid'}
          </button>
        ) : null}
        {open && order.buyerInfo.email ? (
          <button
            type="button"
            className="button"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? 'Sending…' : 'Resend confirmation e-mail'}
          </button>
        ) : null}
        {open ? (
          <button type="button" className="button button-danger" onClick={() => setAsking('cancel')}>
            {words.button}
          </button>
        ) : null}
      </div>
      <div className="order-messages">
        {pay.isSuccess ? (
          <p className="notice" role="status">
            {capture ? 'The payment is captured.' : 'The order is marked paid.'}
          </p>
        ) : null}
        {cancel.isSuccess ? (
          <p className="notice" role="status">
            The order is cancelled{cancel.variables ? ' and its items are back in stock' : ''}.
          </p>
        ) : null}
        {resend.isSuccess ? (
          <p className="notice" role="status">
            The confirmation e-mail is on its way to {order.buyerInfo.email}.
          </p>
        ) : null}
        {resend.isError ? (
          <p className="form-error" role="alert">
            {failure(resend.error, 'Could not send the e-mail.')}
          </p>
        ) : null}
      </div>

      {asking === 'pay' ? (
        <ConfirmDialog
          open
          title={
            capture ? `Capture ${total} for order #${order.number}?` : `Mark order #${order.number} paid?`
          }
          confirmLabel={capture ? 'Capture payment' : 'Mark paid'}
          cancelLabel="Not now"
          tone="primary"
          busy={pay.isPending}
          onCancel={() => setAsking(undefined)}
          onConfirm={() => pay.mutate(undefined, { onSuccess: () => setAsking(undefined) })}
        >
          <p>
            {capture
              ? `The card authorised at checkout is charged ${total}.`
              : `This records that the buyer paid ${total} outside the site (cash, bank transfer).`}
          </p>
          {pay.isError ? (
            <p className="form-error" role="alert">
              {failure(pay.error, 'Could not record the payment.')}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}

      {asking === 'cancel' ? (
        <ConfirmDialog
          open
          title={`Cancel order #${order.number}?`}
          confirmLabel={words.button}
          busy={cancel.isPending}
          onCancel={() => setAsking(undefined)}
          onConfirm={() => cancel.mutate(restock, { onSuccess: () => setAsking(undefined) })}
        >
          <p>{words.money} This cannot be undone.</p>
          <label className="check">
            <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} />
            Put the items back in stock
          </label>
          {cancel.isError ? (
            <p className="form-error" role="alert">
              {failure(cancel.error, 'Could not cancel the order.')}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
