import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the platform under /dashboard/ (apps/server/src/http/static-apps.ts); the API is same-origin.
export default defineConfig({
  base: '/dashboard/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '^/(?!dashboard/(?!api))': 'http://localhost:4000' } },
});
