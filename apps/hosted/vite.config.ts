import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the platform under /hosted/ (apps/server/src/http/static-apps.ts).
export default defineConfig({
  base: '/hosted/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: { proxy: { '^/(?!hosted)': 'http://localhost:4000' } },
});
