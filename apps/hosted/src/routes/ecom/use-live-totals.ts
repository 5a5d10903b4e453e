import { useMemo, useRef, useState } from 'react';
import { api, paths } from '../../api.ts';
import { serialLatest } from '../../lib/checkout/sync.ts';
import type { Address, HostedCheckout } from '../../lib/checkout/types.ts';

export interface TotalsChange {
  shippingAddress?: Address;
  /** Digital-only orders: the billing country decides the tax. */
  billingAddress?: Address;
  selectedShippingOption?: { code: string; carrierId: string };
}

/**
 * Saves the choices that change the totals (shipping option, country and region, or the billing
 * country of an order that does not ship) as they are made,
 * one request at a time with the newest winning, so the summary shows what the buyer will pay
 * before pressing the button. `updating` dims the totals until the last answer is in.
 */
export function useLiveTotals(
  sessionId: string,
  handlers: { onAnswer: (answer: HostedCheckout) => void; onError: (error: unknown) => void },
) {
  const [updating, setUpdating] = useState(false);
  // The queue outlives renders; it calls whatever the latest render handed in.
  const latest = useRef(handlers);
  latest.current = handlers;
  const sync = useMemo(
    () =>
      serialLatest<TotalsChange, HostedCheckout>(
        (change) => api<HostedCheckout>('PATCH', paths.hostedCheckout(sessionId), { body: change }),
        {
          merge: (waiting, next) => ({ ...waiting, ...next }),
          onAnswer: (answer) => latest.current.onAnswer(answer),
          onError: (error) => latest.current.onError(error),
          onIdle: () => setUpdating(false),
        },
      ),
    [sessionId],
  );
  const save = (change: TotalsChange) => {
    setUpdating(true);
    sync.push(change);
  };
  return { updating, save, settled: () => sync.settled() };
}
