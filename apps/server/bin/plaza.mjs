#!/usr/bin/env node
// `plaza <command>` (`npx plaza …` from the repository): the compiled server, dist/main.js, built first
// when its sources changed since the last build (build.mjs). `plaza build` builds the front ends and the
// server where their sources changed (scripts/builds.mjs, as `npm start` does) and runs nothing.
import { pathToFileURL } from 'node:url';
import { buildServer } from '../build.mjs';

if (process.argv[2] === 'build') {
  const { buildAll } = await import('../../../scripts/builds.mjs');
  try {
    await buildAll();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  console.log('The front ends and the server are built from the current sources.');
} else {
  const main = await buildServer();
  // Stack traces name the lines of the TypeScript sources, not of the bundle.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(main).href);
}
