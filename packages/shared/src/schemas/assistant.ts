import { z } from 'zod';
import { pageOf, zId, zInt, zPaging, zText } from '../wire.js';

// XiaoK, the portal's assistant (spec sections 1 and 2, GET /api/v1/chat; issue 20, docs/assistant.md). A member's
// conversations and their messages are the member's own: nobody else reads them.

export const ASSISTANT_QUESTION_MAX = 500;
// At most this many links and help cards are kept with one answer.
export const ASSISTANT_LINKS_MAX = 12;
export const ASSISTANT_CARDS_MAX = 5;
export const ANSWERERS = ['model', 'embedded'] as const;
export type Answerer = (typeof ANSWERERS)[number];
export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];
// pending: still being answered (or the server stopped while it was); error: ended with the error event;
// cancelled: the member stopped it (or left) before it ended; what was written so far is kept.
export const CHAT_STATUSES = ['pending', 'ok', 'error', 'cancelled'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

// ---------- requests ----------

export const ChatQuery = z.object({
  question: zText(ASSISTANT_QUESTION_MAX).describe(`the question, at most ${ASSISTANT_QUESTION_MAX} characters`),
  conversationId: zId().nullish().describe("one of the caller's conversations; absent: a new conversation"),
});
export type ChatQuery = z.output<typeof ChatQuery>;

export const ConversationListQuery = zPaging;
export type ConversationListQuery = z.output<typeof ConversationListQuery>;

// A conversation's messages come a page at a time, the newest first: `size` of them (default and most below), then
// older pages by the keyset cursor `before` (a message id: the oldest one shown).
export const ASSISTANT_MESSAGES_PAGE = 50;
export const ASSISTANT_MESSAGES_PAGE_MAX = 200;
export const ConversationMessagesQuery = z.object({
  id: zId().describe('the conversation'),
  size: zInt()
    .pipe(z.number().min(1).max(ASSISTANT_MESSAGES_PAGE_MAX))
    .nullish()
    .describe(`messages in the page, default ${ASSISTANT_MESSAGES_PAGE}, at most ${ASSISTANT_MESSAGES_PAGE_MAX}`),
  before: zId()
    .nullish()
    .describe('keyset cursor: only messages older than this message id (the oldest one shown); absent: the newest'),
});
export type ConversationMessagesQuery = z.output<typeof ConversationMessagesQuery>;

// ---------- responses ----------

export const AssistantLinkSchema = z.object({
  label: z.string().describe('what the link opens, in the caller’s language'),
  path: z.string().describe('a portal route (under /sadmin), with list filters as f.<name> parameters'),
});
export type AssistantLink = z.output<typeof AssistantLinkSchema>;

export const HelpCardSchema = z.object({
  id: z.string().describe('the screen: its component key or user-centre route name'),
  title: z.string(),
  summary: z.string().describe('the how-to lines of the card'),
  path: z.string().describe('the portal route of the screen'),
});
export type HelpCard = z.output<typeof HelpCardSchema>;

export const ConversationSchema = z.object({
  id: z.number().int(),
  title: z.string().describe('the first question, shortened'),
  createdAt: z.number().int(),
  updatedAt: z.number().int().describe('time of the last message'),
});
export type Conversation = z.output<typeof ConversationSchema>;
export const ConversationPage = pageOf(ConversationSchema);

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(CHAT_ROLES),
  content: z.string().describe('the question, or the answer in markdown (no HTML)'),
  links: z.array(AssistantLinkSchema),
  cards: z.array(HelpCardSchema),
  answerer: z.enum(ANSWERERS).nullable().describe('who answered (null for a question)'),
  status: z.enum(CHAT_STATUSES),
  errorCode: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type ChatMessage = z.output<typeof ChatMessageSchema>;

export const ConversationMessagesSchema = z.object({
  conversation: ConversationSchema,
  messages: z
    .array(ChatMessageSchema)
    .describe('the newest `size` messages (before the cursor when one is given), oldest first'),
  hasOlder: z.boolean().describe('older messages exist: ask again with `before` = the id of the first message here'),
});
export type ConversationMessages = z.output<typeof ConversationMessagesSchema>;

// ---------- the stream (text/event-stream of GET /api/v1/chat) ----------

export type ChatStreamEvent =
  | { event: 'start'; data: { conversationId: number; questionId: number; messageId: number; answerer: Answerer } }
  // The model could not be reached before it said anything: the embedded answerer answers instead.
  | { event: 'answerer'; data: { answerer: Answerer } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'links'; data: { links: AssistantLink[] } }
  | { event: 'cards'; data: { cards: HelpCard[] } }
  | { event: 'done'; data: { messageId: number; status: 'ok' } }
  | { event: 'error'; data: { code: number; message: string } };
export type ChatEventName = ChatStreamEvent['event'];
export const CHAT_EVENTS: readonly ChatEventName[] = ['start', 'answerer', 'delta', 'links', 'cards', 'done', 'error'];
