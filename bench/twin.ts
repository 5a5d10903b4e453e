import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Captured, WireRequest } from './scenarios.ts';
import type { TwinMessage, TwinSpec } from './twin-server.ts';
import type { DocumentWrite } from './twin-write.ts';

export interface RunningTwin {
  url: string;
  pid: number;
  close(): Promise<void>;
}

const twinServer = fileURLToPath(new URL('./twin-server.ts', import.meta.url));

/**
 * Forks twin-server.ts (the child inherits tsx's loader through execArgv) and has it serve `captured`
 * at the request's method and path on its own loopback port, its answers in turn. `nodeOptions` and `cwd` are for the
 * profiler (a JIT dump in a directory of its own); `write` makes it the writing twin (twin-write.ts).
 */
export async function startTwin(
  request: WireRequest,
  captured: Captured,
  options: { nodeOptions?: string[]; cwd?: string; write?: DocumentWrite } = {},
): Promise<RunningTwin> {
  const child = fork(twinServer, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...process.execArgv, ...(options.nodeOptions ?? [])],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  const close = () => stopChild(child);
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('twin did not start within 15 s')), 15_000);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`twin exited before listening (code ${code})`)));
      child.once('message', (message: TwinMessage) => {
        clearTimeout(timer);
        if (message.ready) resolve(message.port);
        else reject(new Error(`twin failed: ${message.error}`));
      });
      const spec: TwinSpec = {
        method: request.method,
        path: request.path,
        status: captured.status,
        contentType: captured.contentType,
        bodiesBase64: captured.bodies.map((body) => body.toString('base64')),
        ...(options.write ? { write: options.write } : {}),
      };
      child.send(spec);
    });
    child.removeAllListeners('exit');
    return { url: `http://127.0.0.1:${port}`, pid: child.pid!, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** SIGTERM, then SIGKILL after 3 s; resolves once the child is gone. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 3_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
