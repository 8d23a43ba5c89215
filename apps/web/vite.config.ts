import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

export default defineConfig({
  base: '/sadmin/',
  plugins: [react()],
  resolve: { alias: { '@study-crm/shared': shared } },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/admin': 'http://127.0.0.1:8080' } },
  // The manifest lets scripts/bundle-size.mjs follow the chunks each page needs.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500, manifest: true },
});
