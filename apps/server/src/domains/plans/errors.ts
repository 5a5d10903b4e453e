/**
 * Application errors of pricing plans. Codes the official client types (`plan_not_found`,
 * `already_archived`, `set_visibility_not_supported`, `set_primary_not_supported`) keep its spelling.
 */
import { AppError, type FieldViolation, ValidationError } from '../../lib/errors.ts';

const app = (status: number, code: string, message: string, description = message, data = {}) =>
  new AppError(status, code, message, description, data);

export const plansErrors = {
  planNotFound: (id: string) => app(404, 'plan_not_found', 'Plan not found', 'Plan not found', { id }),
  alreadyArchived: (id: string) =>
    app(
      409,
      'already_archived',
      'The plan is already archived',
      'Archiving is one-way: it cannot be undone.',
      {
        id,
      },
    ),
  archivedStaysHidden: (id: string) =>
    app(
      409,
      'set_visibility_not_supported',
      'An archived plan cannot be made public',
      'Archived plans are never shown or sold again; create a new plan instead.',
      { id },
    ),
  archivedNotPrimary: (id: string) =>
    app(
      409,
      'set_primary_not_supported',
      'An archived plan cannot be primary',
      'Make an active plan primary instead.',
      { id },
    ),
  slugTaken: (slug: string) =>
    app(
      409,
      'SLUG_ALREADY_EXISTS',
      'Slug already exists',
      `Another plan of the site has the slug "${slug}".`,
      {
        slug,
      },
    ),
  notForSale: (id: string) =>
    app(
      409,
      'PLAN_NOT_FOR_SALE',
      'An archived plan is never ordered again',
      'Order an active plan instead.',
      {
        id,
      },
    ),
  notFree: (id: string) =>
    app(
      409,
      'PLAN_NOT_FREE',
      'A paid plan is bought through the checkout',
      'Send the member to the hosted checkout (a redirect session with `paidPlansCheckout`) or add the plan to their cart.',
      { id },
    ),
  purchaseLimitReached: (id: string) =>
    app(
      409,
      'PURCHASE_LIMIT_EXCEEDED',
      'The member has bought this plan as many times as it allows',
      'The plan limits how many times one buyer may buy it.',
      { id },
    ),
  memberRequired: () =>
    app(
      403,
      'MEMBER_SIGN_IN_REQUIRED',
      'Sign in to buy a plan',
      "A plan belongs to a member: sign the visitor in first (a redirect session with `login` or `auth`), then create the paidPlansCheckout session with the member's access token.",
    ),
};

/** One field violation, with the official client's rule name when it has one. */
export function violation(
  field: string,
  description: string,
  violatedRule: FieldViolation['violatedRule'],
  ruleName?: string,
): FieldViolation {
  return { field, description, violatedRule, ...(ruleName ? { ruleName } : {}), data: {} };
}

export const refuse = (problems: FieldViolation[]) => {
  if (problems.length > 0) throw new ValidationError(problems);
};
