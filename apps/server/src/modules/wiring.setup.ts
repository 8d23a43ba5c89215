import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from './deps.js';
import type { Platform } from './wiring.platform.js';
import { createContentRepository, createContentService, registerContentRoutes } from './content/index.js';
import { createDictRepository, createDictService, dictExporter, registerDictRoutes } from './dict/index.js';
import {
  createConfigAccessor,
  createSysConfigRepository,
  createSysConfigService,
  registerSysConfigRoutes,
} from './sysconfig/index.js';
import { createTagRepository, createTagService, registerTagRoutes, tagExporter } from './tag/index.js';

// System setup: configuration, the dictionary, tags, and the announcements and merchant record.
export function wireSetup(
  app: FastifyInstance,
  { config, db, clock }: ModuleDeps,
  { storage, exports }: Pick<Platform, 'storage' | 'exports'>,
) {
  // The config accessor is the one way the server reads configs (app.configs).
  const sysConfigRepo = createSysConfigRepository(db);
  const configs = createConfigAccessor(sysConfigRepo, config, clock);
  app.decorate('configs', configs);
  registerSysConfigRoutes(app, createSysConfigService({ repo: sysConfigRepo, accessor: configs, clock }));
  const dictRepo = createDictRepository(db);
  const dictService = createDictService({ repo: dictRepo, clock });
  registerDictRoutes(app, dictService);
  exports.register(dictExporter(dictService));
  const tagService = createTagService({ repo: createTagRepository(db), clock });
  registerTagRoutes(app, tagService);
  exports.register(tagExporter({ tags: tagService, dict: dictRepo }));
  // Announcements and the merchant record (issue 21).
  const content = createContentService({ repo: createContentRepository(db), storage, clock });
  registerContentRoutes(app, { content, storage, config });

  return { configs, dictRepo, dictService, tagService, content };
}

export type Setup = ReturnType<typeof wireSetup>;
