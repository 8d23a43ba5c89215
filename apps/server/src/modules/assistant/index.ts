// Front door of the assistant module: XiaoK (issue 20). Conversations and messages of each member, the embedded
// answerer (exact figures and help cards) and the language-model answerer behind one interface.
export { createAssistantAnswerers } from './answerers.js';
export { createAssistantRepository } from './assistant.repository.js';
export { registerAssistantRoutes } from './assistant.routes.js';
export { createAssistantService } from './assistant.service.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { assistantPersonalData, createAssistantPersonalData } from './personal-data.repository.js';
