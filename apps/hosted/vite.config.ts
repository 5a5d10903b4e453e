import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the platform under /hosted/ (apps/server/src/http/static-apps.ts).
export default defineConfig({
  base: '/hosted/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // No modulepreload polyfill in the main chunk: browsers without it (Safari < 17) just fetch the
    // checkout chunk when it is needed.
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '^/(?!hosted)': 'http://localhost:4000' } },
});
