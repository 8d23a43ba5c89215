// Front door of the assistant module: XiaoK (issue 20). Conversations and messages of each member, the embedded
// answerer (exact figures and help cards) and the language-model answerer behind one interface.
export { registerAssistantModule } from './assistant.module.js';
export type { AssistantModuleDeps } from './assistant.module.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { assistantPersonalData, createAssistantPersonalData } from './personal-data.repository.js';
