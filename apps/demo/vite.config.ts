import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A static single-page app on its own origin (:3000 under `npm start`, served by serve.mjs).
// VITE_PLAZA_API_URL and VITE_PLAZA_CLIENT_ID are read at build time (see README.md).
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // dist/.vite/manifest.json: scripts/bundle-size.ts reads the chunk graph from it.
    manifest: true,
    // React in a chunk of its own, named as such (it changes less often than the app).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
});
