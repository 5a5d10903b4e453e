import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildPlatform } from '../apps/server/src/deps.ts';
import { createOAuthApp, createSite } from '../apps/server/src/domains/sites/index.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import type { BenchContext } from './scenarios.ts';

/** The bench data set; every scenario reads from it. */
export const dataset = { oAuthApps: 200 };

export interface RunningPlaza {
  url: string;
  context: BenchContext;
  close(): Promise<void>;
}

/** The real app on a fresh SQLite database in a temp dir, listening on an ephemeral loopback port. */
export async function startPlaza(): Promise<RunningPlaza> {
  removeOrphanedDataDirs();
  const dataDir = mkdtempSync(join(tmpdir(), `plaza-bench-${process.pid}-`));
  const steps: Array<() => Promise<void> | void> = [() => rmSync(dataDir, { recursive: true, force: true })];
  const close = async () => {
    for (const step of steps.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('bench: cleanup step failed', error);
      }
    }
  };

  try {
    // PORT is left out: the config refuses 0 (minimum 1) and buildApp never reads it; listen() picks the port.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const platform = await buildPlatform(config);
    steps.push(() => platform.close());
    const app = await buildApp(platform, { logger: false });
    steps.push(() => app.close());

    const context = await seed(platform);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, context, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Data dirs of bench runs that were killed outright (SIGKILL: no cleanup ran), told by their dead pid. */
function removeOrphanedDataDirs() {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^plaza-bench-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type Platform = Awaited<ReturnType<typeof buildPlatform>>;

/** A site with an admin API key, a visitor token and the data set, written through the service layer. */
async function seed(platform: Platform): Promise<BenchContext> {
  const site = await createSite(platform.sites, { name: 'Bench site' });
  const { key } = await platform.identity.apiKeys.create(site.id, 'bench admin key');
  for (let i = 0; i < dataset.oAuthApps; i++) {
    const origin = `https://client-${i}.bench.example`;
    await createOAuthApp(platform.sites, site.id, {
      name: `Bench client ${i}`,
      description: `OAuth client number ${i} of the bench data set, with a few redirect URIs and origins.`,
      allowedRedirectUris: [`${origin}/callback`, `${origin}/login-callback`, `${origin}/`],
      allowedOrigins: [origin, `https://www.client-${i}.bench.example`],
    });
  }
  const { token } = await platform.identity.tokens.issue({
    siteId: site.id,
    subjectType: 'visitor',
    subjectId: newId(),
    clientId: undefined,
  });
  return { siteId: site.id, adminKey: key, visitorToken: token };
}
