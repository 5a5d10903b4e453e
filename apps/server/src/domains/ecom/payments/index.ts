import type { Database } from '../../../db/connect.ts';
import { offlineProvider } from './offline-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { testProvider } from './test-provider.ts';

export type {
  CardInput,
  ChargeRequest,
  ChargeResult,
  ChargeStatus,
  PaymentProvider,
  SavedMethod,
  SavedMethodCharge,
} from './provider.ts';
export { TEST_CARDS } from './test-provider.ts';

export type PaymentProviders = Record<PaymentProvider['id'], PaymentProvider>;

export const builtInProviders = (database: Database): PaymentProviders => ({
  test: testProvider(database),
  offline: offlineProvider,
});
