// Plaza for `npm run bench:profile`, run as a child process by profile.ts so that perf can watch it alone:
// seeds the bench data set, listens, and tells its parent the URL and the named scenario's wire request.
import { startPlaza } from './plaza-built.ts';
import { scenarios, type WireRequest, wireRequest } from './scenarios.ts';
import type { DocumentWrite } from './twin-write.ts';

export type ProfileServerMessage =
  | { ready: true; url: string; request: WireRequest; expectStatus: number }
  | { ready: false; error: string }
  | { write: DocumentWrite | null };

/** What the parent asks once the answer has been captured: the scenario's write, for the writing twin. */
export type ProfileServerRequest = 'write';

const send = (message: ProfileServerMessage) => process.send?.(message);

if (!process.send) throw new Error('profile-server.ts runs as a child process (fork) of profile.ts');

const scenario = scenarios.find((s) => s.name === process.argv[2]);
if (!scenario) throw new Error(`unknown scenario ${process.argv[2]}`);

try {
  const plaza = await startPlaza();
  const stop = () => void plaza.close().finally(() => process.exit(0));
  // The IPC channel closes when the parent exits or dies: never outlive it.
  process.on('disconnect', stop);
  process.once('SIGTERM', stop);
  process.on('message', (message: unknown) => {
    if (message !== ('write' satisfies ProfileServerRequest)) return;
    (scenario.writes?.(plaza.context) ?? Promise.resolve(null)).then(
      (write) => send({ write }),
      (error: unknown) => send({ ready: false, error: String(error) }),
    );
  });
  send({
    ready: true,
    url: plaza.url,
    request: wireRequest(scenario, plaza.context),
    expectStatus: scenario.expectStatus ?? 200,
  });
} catch (error) {
  send({ ready: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}
