import { z } from 'zod';
import { getCall, postCall } from '../endpoint.js';
import { MessageBox, MessageBoxQuery, MessageReadAllBody, MessageReadBody } from '../schemas/messagebox.js';

// The calls of the inbox module (spec section 7).
export const inboxApi = {
  list: getCall('/api/v1/message/box', MessageBoxQuery, MessageBox),
  read: postCall('/api/v1/message/box/read', MessageReadBody, z.null()),
  readAll: postCall(
    '/api/v1/message/box/readAll',
    MessageReadAllBody,
    z.object({ marked: z.number().int().describe('items newly marked read') }),
  ),
};
