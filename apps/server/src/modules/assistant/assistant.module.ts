import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Dialect } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { AnswererImpl } from './answerer.js';
import { createAssistantRepository } from './assistant.repository.js';
import { registerAssistantRoutes } from './assistant.routes.js';
import { createAssistantService } from './assistant.service.js';
import { createAssistantData, type AssistantDataDeps } from './data.js';
import { createEmbeddedAnswerer } from './embedded.js';
import { createHelpIndex } from './help/help-index.js';
import { createModelAnswerer } from './model.js';
import { createTools } from './tools.js';

export type AssistantModuleDeps = AssistantDataDeps & {
  config: Config['assistant'];
  db: Db;
  dialect: Dialect;
  clock: Clock;
};

// Builds XiaoK: the figures it reads (each module's report through its front door), the help index, the embedded
// answerer, the model answerer when ASSISTANT_MODEL_URL is set, and the routes.
export function registerAssistantModule(app: FastifyInstance, deps: AssistantModuleDeps): void {
  const { config } = deps;
  const data = createAssistantData(deps);
  const help = createHelpIndex();
  const embedded = createEmbeddedAnswerer({ data, help });
  const primary: AnswererImpl = config.model
    ? createModelAnswerer({
        settings: { ...config.model, timeoutMs: config.timeoutMs, firstByteMs: config.firstByteMs },
        tools: createTools({ data, help }),
        log: app.log,
      })
    : embedded;
  if (config.model) app.log.info({ model: config.model.name }, 'assistant: language model configured');
  const service = createAssistantService({
    repo: createAssistantRepository(deps.db, deps.dialect),
    primary,
    embedded,
    ratePerMinute: config.ratePerMinute,
    historyMessages: config.historyMessages,
    clock: deps.clock,
    log: app.log,
  });
  registerAssistantRoutes(app, service);
}
