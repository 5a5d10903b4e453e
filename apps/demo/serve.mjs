// Serves the demo storefront's build (apps/demo/dist) as a single-page app on its own origin, talking to
// the Plaza server of this environment (site-server.mjs). `npm start` builds it on the first start
// (scripts/start.mjs); after changing apps/demo/src, build again.
import { fileURLToPath } from 'node:url';
import { apiUrlOf, createSiteServer } from './site-server.mjs';

const port = Number(process.env.DEMO_PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const server = createSiteServer({
  dist: fileURLToPath(new URL('./dist', import.meta.url)),
  apiUrl: apiUrlOf(process.env),
});

server.listen(port, host, () => console.log(`Demo site        http://localhost:${port}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
