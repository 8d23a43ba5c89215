import { z } from 'zod';
import { getCall, postCall, rawCall } from '../endpoint.js';
import {
  ChatQuery,
  ConversationListQuery,
  ConversationMessagesQuery,
  ConversationMessagesSchema,
  ConversationPage,
} from '../schemas/assistant.js';
import { IdParam } from '../wire.js';

// XiaoK, the assistant (issue 20): the streamed question (spec section 7: GET /api/v1/chat) and the member's own
// conversations.
export const assistantApi = {
  chat: rawCall('/api/v1/chat', ChatQuery, 'text/event-stream'),
  conversations: getCall('/api/v1/chat/conversations', ConversationListQuery, ConversationPage),
  messages: getCall('/api/v1/chat/conversations/messages', ConversationMessagesQuery, ConversationMessagesSchema),
  remove: postCall('/api/v1/chat/conversations/remove', IdParam, z.null()),
};
