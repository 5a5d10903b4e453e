import { AppError, invalidField, notFound, ValidationError } from '../../lib/errors.ts';

export const bookingsErrors = {
  serviceNotFound: (id: string) => notFound('SERVICE_NOT_FOUND', 'Service not found', { serviceId: id }),
  staffMemberNotFound: (id: string) =>
    notFound('STAFF_MEMBER_NOT_FOUND', 'Staff member not found', { staffMemberId: id }),
  policyNotFound: (id: string) =>
    notFound('BOOKING_POLICY_NOT_FOUND', 'Booking policy not found', { bookingPolicyId: id }),
  categoryNotFound: (id: string) => notFound('CATEGORY_NOT_FOUND', 'Category not found', { categoryId: id }),
  locationNotFound: (id: string) => notFound('LOCATION_NOT_FOUND', 'Location not found', { locationId: id }),
  slugTaken: (slug: string) =>
    new AppError(
      409,
      'SLUG_ALREADY_EXISTS',
      'The slug is taken by another service',
      `Another service of this site answers to the slug "${slug}".`,
      { slug },
    ),
  illegalSlug: (field: string) =>
    new ValidationError([
      {
        field,
        description: 'may hold only lower-case letters, digits and single hyphens between them',
        violatedRule: 'FORMAT',
        ruleName: 'SLUG_CONTAINS_ILLEGAL_CHARACTERS',
      },
    ]),
  /** A violation with the platform's rule name (`INVALID_RATE`, `INVALID_BUSINESS_LOCATION`, …). */
  invalid: (field: string, description: string, ruleName: string) =>
    new ValidationError([{ field, description, violatedRule: 'VALIDATION', ruleName }]),
  defaultPolicy: (id: string) =>
    new AppError(
      409,
      'DEFAULT_POLICY_CANNOT_BE_DELETED',
      'The default booking policy cannot be deleted',
      'Services without a policy of their own use the default one.',
      { bookingPolicyId: id },
    ),
  defaultLocation: (id: string) =>
    new AppError(
      409,
      'DEFAULT_LOCATION_CANNOT_BE_ARCHIVED',
      'The default location cannot be archived',
      'Make another location the default first.',
      { locationId: id },
    ),
  archivedLocation: (id: string) =>
    new AppError(409, 'LOCATION_ARCHIVED', 'The location is archived', `Location ${id} is archived.`, {
      locationId: id,
    }),
  bookingNotFound: (id: string) => notFound('BOOKING_NOT_FOUND', 'Booking not found', { bookingId: id }),
  /** The booking's status does not allow the change (`allowed`: the statuses that would). */
  bookingStatus: (id: string, status: string, action: string, allowed: readonly string[]) =>
    new AppError(
      409,
      'INVALID_BOOKING_STATUS',
      `A ${status} booking cannot be ${action}`,
      `Only a booking that is ${allowed.join(' or ')} can be ${action}.`,
      { bookingId: id, status },
    ),
  /** The service's policy keeps customers from the change now (the owner may still make it). */
  policyRefuses: (id: string, code: string, what: string, reason: string) =>
    new AppError(409, code, `The booking cannot be ${what}`, reason, { bookingId: id }),
  tooManyServices: (field: string, limit: number) =>
    invalidField(field, `matches more than ${limit} services: narrow the filter`, 'MAX_SIZE'),
};
