/** `offline`: pay on delivery or by transfer; the order is placed and stays NOT_PAID until marked paid. */
import type { PaymentProvider } from './provider.ts';

export const offlineProvider: PaymentProvider = {
  id: 'offline',
  online: false,
  check: () => [],
  charge: async () => ({ status: 'PENDING' }),
  // Nothing to keep: each later charge waits for the owner to mark it paid.
  saveMethod: async () => ({}),
  chargeSaved: async () => ({ status: 'PENDING' }),
  capture: async () => {},
  refund: async () => {},
};
