import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoRoot, viteBuild } from '../../demo/e2e/build.ts';
import { freePort } from '../../demo/e2e/harness.ts';
import { createSiteServer } from '../../demo/site-server.mjs';
import type { Plaza } from './harness.ts';

export interface DemoSite {
  origin: string;
  close(): Promise<void>;
}

/**
 * The demo storefront built for `plaza` and served on its own port, as a visitor opens it: an OAuth
 * app of the demo site allows its origin (made with the admin key, as a developer would).
 */
export async function serveDemo(plaza: Plaza): Promise<DemoSite> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await plaza.call('POST', '/oauth-app/v1/oauth-apps', {
    oAuthApp: {
      name: 'Demo storefront (dashboard e2e)',
      allowedRedirectUris: [`${origin}/login-callback`, `${origin}/`],
      allowedOrigins: [origin],
    },
  });
  if (app.status !== 200) throw new Error(`OAuth app: ${JSON.stringify(app.data)}`);
  const work = mkdtempSync(join(tmpdir(), 'plaza-dashboard-demo-'));
  try {
    const dist = await viteBuild(demoRoot, join(work, 'demo'), {
      VITE_PLAZA_API_URL: plaza.url,
      VITE_PLAZA_CLIENT_ID: app.data.oAuthApp.id,
    });
    const server = createSiteServer({ dist, apiUrl: plaza.url });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return {
      origin,
      close: async () => {
        await new Promise((resolve) => server.close(() => resolve(undefined)));
        rmSync(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}
