import type { FastifyInstance } from 'fastify';
import { filesApi, PERM } from '@study-crm/shared';
import type { Config } from '../../config.js';
import { readMultipart } from '../../http/multipart.js';
import { defineRoute } from '../../http/route.js';
import type { FileStorage } from './storage.js';

export function registerFileRoutes(app: FastifyInstance, deps: { storage: FileStorage; config: Config }): void {
  const { storage, config } = deps;

  // The general upload used by forms (e.g. payment attachments): stores the file and returns its stored name.
  defineRoute(app, {
    ...filesApi.upload,
    multipart: {},
    access: PERM.fileUpload,
    audit: { action: 'files.upload' },
    tags: ['file'],
    summary: 'General upload (multipart field `file`), checked by content and stored under a generated name',
    handler: async ({ req }) => {
      const form = await readMultipart(req, { maxBytes: config.uploadMaxBytes, sink: storage.sink });
      const file = form.file!;
      try {
        const saved = await storage.save(file);
        return {
          name: saved.storedName,
          originalName: file.fileName,
          extension: saved.extension,
          mime: saved.mime,
          size: saved.size,
        };
      } finally {
        await storage.discard(file);
      }
    },
  });
}
