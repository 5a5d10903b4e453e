// Plaza as the bench runs it: plaza.ts and the server code it imports, compiled the way `npm start`
// compiles the server (apps/server/build.mjs) and built again when their sources changed, so that the
// figures are those of what `npm start` serves. The rest of the bench (load generator, twins, reports)
// runs from its sources under tsx.
import { pathToFileURL } from 'node:url';
import { buildServer } from '../apps/server/build.mjs';

const file = await buildServer({
  name: 'bench-plaza',
  entry: 'bench/plaza.ts',
  inputs: ['bench/catalog-seed.ts'],
});
const built: typeof import('./plaza.ts') = await import(pathToFileURL(file).href);

export type { RunningPlaza } from './plaza.ts';
export const { dataset, startPlaza } = built;
