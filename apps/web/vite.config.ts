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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    // The shared package is schemas, endpoint descriptions and helpers without side effects: a file of it that no
    // imported name is used from is left out (otherwise every endpoint's zod schemas would load with the login page).
    // Two files keep theirs: csp.ts (zod without its compiler under the page's CSP) and the package index, whose
    // import order evaluates csp.ts before any schema is built.
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) =>
          !id.includes('/packages/shared/src/') || id.endsWith('/csp.ts') || id.endsWith('/src/index.ts'),
      },
    },
  },
});
