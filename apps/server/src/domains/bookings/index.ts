export { bookingsErrors } from './errors.ts';
export { bookingsRoutes } from './routes.ts';
export { createCategory } from './service/categories.ts';
export { BOOKINGS_APP_ID, type BookingsDeps } from './service/context.ts';
export { createBusinessLocation } from './service/locations.ts';
export { createBookingPolicy } from './service/policies.ts';
export { createService } from './service/services.ts';
export { createStaffMember } from './service/staff.ts';
export { type BookingsStore, bookingsStore } from './store.ts';
