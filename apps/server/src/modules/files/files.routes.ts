import type { FastifyInstance } from 'fastify';
import { filesApi, PERM } from '@study-crm/shared';
import type { Config } from '../../config.js';
import { readMultipart } from '../../http/multipart.js';
import { defineRoute } from '../../http/route.js';
import type { FileStorage } from './storage.js';
import type { UploadLedger } from './upload.repository.js';
import type { Clock } from '../../lib/clock.js';

export function registerFileRoutes(
  app: FastifyInstance,
  deps: { storage: FileStorage; config: Config; uploads: Pick<UploadLedger, 'record'>; clock: Clock },
): void {
  const { storage, config, uploads, clock } = deps;

  // The general upload used by forms (payment and e-mail attachments): stores the file, notes who uploaded it (only
  // they may attach it: decision 295) and returns its stored name.
  defineRoute(app, {
    ...filesApi.upload,
    multipart: {},
    access: PERM.fileUpload,
    audit: { action: 'files.upload' },
    tags: ['file'],
    summary: 'General upload (multipart field `file`), checked by content and stored under a generated name',
    handler: async ({ req, member }) => {
      const form = await readMultipart(req, { maxBytes: config.uploadMaxBytes, sink: storage.sink });
      const file = form.file!;
      try {
        const saved = await storage.save(file);
        await uploads.record(saved.storedName, member!.id, clock.now());
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
