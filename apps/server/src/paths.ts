import { fileURLToPath } from 'node:url';

/**
 * apps/server/. This module sits right under it, in src/, as the built bundle does in dist/ (every
 * module of a bundle has the bundle's `import.meta.url`), so one level up is the same folder from
 * either. Paths to files beside the server start here, never from a nested module's own URL.
 */
export const serverDir = fileURLToPath(new URL('..', import.meta.url));
