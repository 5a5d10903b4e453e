#!/usr/bin/env node
// `plaza start | migrate | reset` (`npx plaza start` from the repository): the compiled server,
// dist/main.js, built first when its sources changed since the last build (build.mjs).
import { pathToFileURL } from 'node:url';
import { buildServer } from '../build.mjs';

const main = await buildServer();
// Stack traces name the lines of the TypeScript sources, not of the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(main).href);
