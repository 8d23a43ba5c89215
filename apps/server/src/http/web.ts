import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { formatMessage } from '@study-crm/shared';
import { withNonce } from './security-headers.js';

export const WEB_BASE = '/sadmin';

// Serves the built web app under /sadmin with history-mode fallback, and the envelope 404 elsewhere.
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  // Read once; each response gets its own CSP nonce written into it.
  const indexHtml = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: `${WEB_BASE}/`,
      index: false,
      // One route for every file (`/sadmin/*`), looked up on disk as asked for, not one route per file of the build
      // found at start-up (≈ 1,900 with the compressed copies: most of a server's start). A path with no file goes
      // on to the not-found handler below (the app shell, or a 404 under assets/), as does index.html itself, which
      // is only ever sent with its nonce.
      wildcard: true,
      allowedPath: (pathname) => pathname !== '/index.html' && !pathname.endsWith('/'),
      // The build writes x.js.br and x.js.gz beside each asset (apps/web/vite.config.ts): sent as the browser
      // accepts, with Vary: Accept-Encoding; the plain file otherwise.
      preCompressed: true,
      setHeaders(res, file) {
        // Hashed assets never change; index.html must always be revalidated.
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: /sadmin will answer 404 (run npm run build)');
  }
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect(`${WEB_BASE}/login`));

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const isPage = req.method === 'GET' && (url === WEB_BASE || url.startsWith(`${WEB_BASE}/`));
    // A missing hashed asset is a real 404, not the app shell.
    if (hasWeb && isPage && !url.startsWith(`${WEB_BASE}/assets/`)) {
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(withNonce(indexHtml, reply));
    }
    return reply.code(404).send({ meta: { code: 404, message: formatMessage('notFound', req.locale) }, data: null });
  });
}
