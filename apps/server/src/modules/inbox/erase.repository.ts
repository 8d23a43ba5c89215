import { removedRows } from '../../db/personal-data.js';

// An erased person's own notices, messages, to-dos and read marks go (notices to everyone, member 0, stay).
export const inboxPersonalData = removedRows('inbox', ['memberNotice', 'systemMessage', 'memberTodo', 'messageRead']);
