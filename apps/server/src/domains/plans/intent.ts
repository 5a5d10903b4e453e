/**
 * The `paidPlansCheckout {planId, checkoutData?}` redirect intent: the hosted checkout page on a
 * checkout of that one plan, for a signed-in member (a plan belongs to a member). The member's e-mail
 * fills the checkout's, so the page asks them for nothing they told the site already.
 */

import { invalidField } from '../../lib/errors.ts';
import type { EcomDeps } from '../ecom/index.ts';
import { linesCheckoutIntent } from '../ecom/index.ts';
import type { RedirectIntent } from '../redirects/index.ts';
import { PLANS_APP_ID } from './catalog-provider.ts';
import { plansErrors } from './errors.ts';

const CHECKOUT_DATA_MAX = 2048;

/** The e-mail a member of the site signs in with; undefined when unknown. */
export type MemberEmail = (siteId: string, memberId: string) => Promise<string | undefined>;

export function paidPlansCheckoutIntent(ecom: EcomDeps, memberEmail?: MemberEmail): RedirectIntent {
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
    const email = await memberEmail?.(caller.siteId, caller.subjectId);
    return {
      lines: [{ catalogReference: { appId: PLANS_APP_ID, catalogItemId: planId }, quantity: 1 }],
      ...(email ? { email } : {}),
    };
  });
}
