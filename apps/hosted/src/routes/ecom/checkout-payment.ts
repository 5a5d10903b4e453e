import { api, paths } from '../../api.ts';
import { describeCheckoutError } from '../../lib/checkout/errors.ts';
import type { HostedCheckout, PayAnswer, ThankYouData } from '../../lib/checkout/types.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Pays under the attempt's idempotency key, so a repeated press or a lost answer can never take
 * the money twice.
 */
export async function payWithKey(sessionId: string, key: string, body: object): Promise<PayAnswer> {
  for (let tries = 1; ; tries++) {
    try {
      return await api<PayAnswer>('POST', paths.payHostedCheckout(sessionId), {
        body,
        headers: { 'idempotency-key': key },
      });
    } catch (error) {
      // Another press of the same attempt is still running (its answer comes with the same key),
      // another attempt at this checkout (then the retry pays, or finds the order placed), or the
      // store broke the pay off for other requests (nothing of it kept: the retry pays).
      if (tries < 4 && describeCheckoutError(error, 'pay').next === 'retry-soon') {
        await pause(800 * tries);
        continue;
      }
      throw error;
    }
  }
}

/** Handed to the thank-you page so it can show the order at once, without asking the server again. */
export const thankYouOf = (answer: PayAnswer, hosted: HostedCheckout): ThankYouData => ({
  orderId: answer.order.id,
  orderNumber: answer.order.number,
  total: answer.order.priceSummary.total,
  paymentStatus: answer.order.paymentStatus,
  ...(answer.order.buyerInfo?.email ? { buyerEmail: answer.order.buyerInfo.email } : {}),
  ...(hosted.postFlowUrl ? { postFlowUrl: hosted.postFlowUrl } : {}),
  ...(hosted.thankYouPageUrl ? { thankYouPageUrl: hosted.thankYouPageUrl } : {}),
});
