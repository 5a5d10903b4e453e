import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIfStale, sourceKey } from '../../../scripts/build-cache.mjs';
import { buildServer } from '../build.mjs';

/** The compiled server `npm start` and `npx plaza` run (build.mjs), and the cache that decides when to build. */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'plaza-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('build cache', () => {
  it('keys a build on the contents and names of its sources, not on tests, outputs or file times', () => {
    const root = join(work, 'sources');
    mkdirSync(join(root, 'src/lib'), { recursive: true });
    writeFileSync(join(root, 'src/main.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'src/lib/b.ts'), 'export const b = 2;\n');
    writeFileSync(join(root, 'lock.json'), '{}\n');
    const key = () => sourceKey(['src', 'lock.json'], { root });
    const first = key();
    expect(first).toMatch(/^[0-9a-f]{64}$/);

    writeFileSync(join(root, 'src/lib/b.test.ts'), 'test\n');
    mkdirSync(join(root, 'src/dist'));
    writeFileSync(join(root, 'src/dist/main.js'), 'built\n');
    writeFileSync(join(root, 'src/dist.build-key'), 'key\n');
    utimesSync(join(root, 'src/main.ts'), new Date(0), new Date(0));
    expect(key()).toBe(first);

    writeFileSync(join(root, 'src/lib/b.ts'), 'export const b = 3;\n');
    const edited = key();
    expect(edited).not.toBe(first);
    renameSync(join(root, 'src/lib/b.ts'), join(root, 'src/lib/c.ts'));
    const renamed = key();
    expect(renamed).not.toBe(edited);
    writeFileSync(join(root, 'lock.json'), '{"lockfileVersion":3}\n');
    expect(key()).not.toBe(renamed);
  });

  it('builds when the key differs, the output is gone or newer, and after a build that failed', async () => {
    const out = join(work, 'out');
    const keyFile = join(work, 'out.build-key');
    const output = join(out, 'index.html');
    let builds = 0;
    const build = () => {
      mkdirSync(out, { recursive: true });
      writeFileSync(output, `build ${++builds}`);
    };
    const stale = (key: string) => buildIfStale({ keyFile, key, output, build });
    expect(await stale('one')).toBe(true);
    expect(await stale('one')).toBe(false);
    expect(await stale('two')).toBe(true);
    expect(await stale('two')).toBe(false);
    rmSync(out, { recursive: true });
    expect(await stale('two')).toBe(true);
    // Built again meanwhile from whatever the sources were then.
    utimesSync(output, new Date(), new Date(Date.now() + 60_000));
    expect(await stale('two')).toBe(true);
    expect(builds).toBe(4);

    const broken = () => {
      throw new Error('syntax error');
    };
    await expect(buildIfStale({ keyFile, key: 'three', output, build: broken })).rejects.toThrow(
      'syntax error',
    );
    expect(await stale('two')).toBe(true);
    expect(builds).toBe(5);
  });
});

describe('built server', () => {
  it('is one ES module with a source map, the workspace bundled, packages and function names left alone', async () => {
    const file = await buildServer();
    const code = readFileSync(file, 'utf8');
    expect(code).toMatch(/^import .* from "fastify";$/m);
    expect(code).toMatch(/^import .* from "better-sqlite3";$/m);
    expect(code).not.toMatch(/from "@plaza\//);
    expect(code).not.toContain('__name(');
    expect(code).toContain('//# sourceMappingURL=main.js.map');
    expect(JSON.parse(readFileSync(`${file}.map`, 'utf8')).sources).toContain('../src/main.ts');
  }, 30_000);

  it('starts from bin/plaza.mjs and answers /healthz', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const child = spawn(process.execPath, ['bin/plaza.mjs', 'start'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: join(work, 'data'),
        PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      let health: Response | undefined;
      for (let attempt = 0; attempt < 150 && !health && child.exitCode === null; attempt++) {
        health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await health?.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 30_000);
});
