import { storesCalls } from '@plaza/contracts';
import { callModule } from '../../../http/calls.ts';
import type { StoresDeps } from '../service/context.ts';
import { readHandlers } from './reads.ts';
import { writeHandlers } from './writes.ts';

export { installMediaRoute } from './media.ts';

export function storesRoutes(deps: StoresDeps) {
  return callModule('stores', storesCalls, { ...writeHandlers(deps), ...readHandlers(deps) });
}
