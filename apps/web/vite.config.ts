import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { endpointsWithoutSchemas } from './build/endpointsWithoutSchemas';
import { lazyFilterTree } from './build/lazyFilterTree';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

// Each built script, style sheet and picture of 1 KiB or more is also written brotli- and gzip-compressed next to
// itself (x.js.br, x.js.gz), once at build time at the highest levels; the server sends the one the browser accepts
// (@fastify/static's preCompressed), so no request pays for compression and the first screen travels in about a
// third of its bytes. index.html is left alone: the server writes a nonce into it per response.
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'study-crm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(file)) continue;
        const full = path.join(outDir, file);
        const data = fs.readFileSync(full);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${full}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        fs.writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  base: '/sadmin/',
  plugins: [react(), precompress(), endpointsWithoutSchemas(), lazyFilterTree()],
  resolve: { alias: { '@study-crm/shared': shared } },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/admin': 'http://127.0.0.1:8080' } },
  // The manifest lets scripts/bundle-size.mjs follow the chunks each page needs.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    // No modulepreload polyfill (decision 264): every browser the build targets that lacks <link rel=modulepreload>
    // (Safari 16, Firefox before 115) still loads each chunk when it is imported, only without the early fetch.
    modulePreload: { polyfill: false },
    // The shared package is schemas, endpoint descriptions and helpers without side effects: a file of it that no
    // imported name is used from is left out (otherwise every endpoint's zod schemas would load with the login page).
    // The package index keeps its own (its import order evaluates csp.ts before any schema is built); in the browser
    // src/csp-setup.ts turns zod's compiler off before anything else runs.
    // antd's @rc-component packages do not declare `sideEffects` (antd does), so a bundler keeps every module their
    // index imports: antd's Input, for one, takes the form context from @rc-component/form and brought the whole form
    // engine and its validator onto the first screen. Their modules only define components and helpers.
    rolldownOptions: {
      // Chunks other than the entry are named by their hash alone (decision 351): every import statement names the
      // chunks it needs, and the module names in those (e.g. `queryDomains-`) were 3.7 KiB of the first screen.
      output: { chunkFileNames: 'assets/c[hash].js' },
      treeshake: {
        moduleSideEffects: (id: string) =>
          id.includes('/node_modules/@rc-component/')
            ? false
            : !id.includes('/packages/shared/src/') || id.endsWith('/src/index.ts'),
      },
    },
  },
});
