/**
 * The `paidPlansCheckout {planId, checkoutData?}` redirect intent: the hosted checkout page on a
 * checkout of that one plan, for a signed-in member (a plan belongs to a member).
 */

import { invalidField } from '../../lib/errors.ts';
import type { EcomDeps } from '../ecom/index.ts';
import { linesCheckoutIntent } from '../ecom/index.ts';
import type { RedirectIntent } from '../redirects/index.ts';
import { PLANS_APP_ID } from './catalog-provider.ts';
import { plansErrors } from './errors.ts';

const CHECKOUT_DATA_MAX = 2048;

export function paidPlansCheckoutIntent(ecom: EcomDeps): RedirectIntent {
  return linesCheckoutIntent(ecom, async (caller, value) => {
    const given = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    const { planId, checkoutData } = given;
    if (typeof planId !== 'string' || planId === '')
      throw invalidField('paidPlansCheckout.planId', 'is required', 'REQUIRED_FIELD');
    if (planId.length > 100)
      throw invalidField('paidPlansCheckout.planId', 'must be at most 100 characters', 'MAX_LENGTH');
    // Kept opaque, as the official flow passes it back: only its size is checked.
    if (
      checkoutData !== undefined &&
      checkoutData !== null &&
      (typeof checkoutData !== 'string' || checkoutData.length > CHECKOUT_DATA_MAX)
    )
      throw invalidField(
        'paidPlansCheckout.checkoutData',
        `must be a string of at most ${CHECKOUT_DATA_MAX} characters`,
        'MAX_LENGTH',
      );
    if (caller.kind !== 'member') throw plansErrors.memberRequired();
    return { lines: [{ catalogReference: { appId: PLANS_APP_ID, catalogItemId: planId }, quantity: 1 }] };
  });
}
