import { removedRows } from '../../db/personal-data.js';

// An erased person's conversations with XiaoK go (their messages with them: owned rows).
export const assistantPersonalData = removedRows('assistant', ['assistantConversation']);
