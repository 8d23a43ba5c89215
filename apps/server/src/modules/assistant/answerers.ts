import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { AnswererImpl } from './answerer.js';
import { createAssistantData, type AssistantDataDeps } from './data.js';
import { createEmbeddedAnswerer } from './embedded.js';
import { builtInHelpIndex } from './help/help-index.js';
import { createModelAnswerer } from './model.js';
import { createTools } from './tools.js';

// XiaoK's answerers: the figures it reads (each module's report through its front door), the help index, the
// embedded answerer, and the model answerer when ASSISTANT_MODEL_URL is set (primary then, the embedded one its
// fallback).
export function createAssistantAnswerers(
  deps: AssistantDataDeps & { config: Config['assistant']; log: FastifyBaseLogger },
): { primary: AnswererImpl; embedded: AnswererImpl } {
  const { config, log } = deps;
  const data = createAssistantData(deps);
  const help = builtInHelpIndex();
  const embedded = createEmbeddedAnswerer({ data, help });
  const primary: AnswererImpl = config.model
    ? createModelAnswerer({
        settings: { ...config.model, timeoutMs: config.timeoutMs, firstByteMs: config.firstByteMs },
        tools: createTools({ data, help }),
        log,
      })
    : embedded;
  if (config.model) log.info({ model: config.model.name }, 'assistant: language model configured');
  return { primary, embedded };
}
