import {
  ASSISTANT_CARDS_MAX,
  ASSISTANT_LINKS_MAX,
  AssistantLinkSchema,
  HelpCardSchema,
  type AssistantLink,
  type ChatMessage,
  type Conversation,
  type HelpCard,
} from '@study-crm/shared';
import { z } from 'zod';
import type { ConversationRow, MessageRow } from './assistant.repository.js';

const TITLE_MAX = 60;

// A conversation's title: its first question on one line, shortened.
export function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

// Links and cards are stored as capped JSON arrays; what does not read back as one is dropped.
export const linksJson = (links: readonly AssistantLink[]) =>
  links.length ? JSON.stringify(links.slice(0, ASSISTANT_LINKS_MAX)) : null;
export const cardsJson = (cards: readonly HelpCard[]) =>
  cards.length ? JSON.stringify(cards.slice(0, ASSISTANT_CARDS_MAX)) : null;

function readArray<T>(json: string | null, item: z.ZodType<T>): T[] {
  if (!json) return [];
  try {
    const parsed = z.array(item).safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const toConversation = (r: ConversationRow): Conversation => ({
  id: r.id,
  title: r.title,
  createdAt: Number(r.createdAt),
  updatedAt: Number(r.updatedAt),
});

export const toChatMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  role: r.role,
  content: r.content,
  links: readArray(r.links, AssistantLinkSchema),
  cards: readArray(r.cards, HelpCardSchema),
  answerer: r.answerer,
  status: r.status,
  errorCode: r.errorCode,
  createdAt: Number(r.createdAt),
});
