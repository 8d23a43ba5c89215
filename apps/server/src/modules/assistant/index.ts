// Front door of the assistant module: XiaoK (issue 20). Conversations and messages of each member, the embedded
// answerer (exact figures and help cards) and the language-model answerer behind one interface.
export { registerAssistantModule } from './assistant.module.js';
export type { AssistantModuleDeps } from './assistant.module.js';
// Its part of a person's data for the subject access export (issue 41).
export { createAssistantPersonalData } from './assistant-personal-data.repository.js';
// Its share of erasing a person's data (issue 41, db/personal-data.ts).
export { assistantPersonalData } from './erase.repository.js';
