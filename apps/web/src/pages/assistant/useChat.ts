import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Code,
  type Answerer,
  type AssistantLink,
  type ChatMessage,
  type ChatStreamEvent,
  type HelpCard,
} from '@study-crm/shared';
import { ApiError } from '../../api/client';
import { conversationsKey, fetchConversation } from './api';
import { askXiaoK } from './stream';

export type UiMessage = {
  key: string;
  role: 'user' | 'assistant';
  content: string;
  links: AssistantLink[];
  cards: HelpCard[];
  answerer: Answerer | null;
  // streaming: being written now; pending: stored unfinished (the server stopped while answering).
  status: 'streaming' | 'pending' | 'ok' | 'error' | 'cancelled';
  error: string | null;
  // The model failed before writing: the embedded answerer answered instead.
  isFallback: boolean;
};

// Refusals shown inside the panel instead of the toast.
const INLINE_CODES = [Code.BAD_REQUEST, Code.NOT_FOUND, Code.ASSISTANT_TOO_MANY];

let seq = 0;
const nextKey = () => `m${++seq}`;

export const fromStored = (m: ChatMessage): UiMessage => ({
  key: `s${m.id}`,
  role: m.role,
  content: m.content,
  links: m.links,
  cards: m.cards,
  answerer: m.answerer,
  status: m.status,
  error: null,
  isFallback: false,
});

// One conversation with XiaoK: the messages shown, the answer being streamed, stop, a new conversation, an old one.
export function useChat() {
  const client = useQueryClient();
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [isBusy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const patchLast = (patch: (m: UiMessage) => Partial<UiMessage>) =>
    setMessages((list) => {
      const last = list[list.length - 1];
      if (!last || last.role !== 'assistant') return list;
      return [...list.slice(0, -1), { ...last, ...patch(last) }];
    });

  const onEvent = (e: ChatStreamEvent) => {
    switch (e.event) {
      case 'start':
        setConversationId(e.data.conversationId);
        patchLast(() => ({ answerer: e.data.answerer }));
        break;
      case 'answerer':
        patchLast(() => ({ answerer: e.data.answerer, isFallback: true }));
        break;
      case 'delta':
        patchLast((m) => ({ content: m.content + e.data.text }));
        break;
      case 'links':
        patchLast(() => ({ links: e.data.links }));
        break;
      case 'cards':
        patchLast(() => ({ cards: e.data.cards }));
        break;
      case 'done':
        patchLast(() => ({ status: 'ok' }));
        break;
      case 'error':
        patchLast(() => ({ status: 'error', error: e.data.message }));
        break;
    }
  };

  const send = useCallback(
    async (question: string) => {
      const q = question.trim();
      if (!q || controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setBusy(true);
      const blank = { links: [], cards: [], error: null, isFallback: false };
      setMessages((list) => [
        ...list,
        { ...blank, key: nextKey(), role: 'user', content: q, answerer: null, status: 'ok' },
        { ...blank, key: nextKey(), role: 'assistant', content: '', answerer: null, status: 'streaming' },
      ]);
      try {
        await askXiaoK({ question: q, conversationId }, { signal: abort.signal, onEvent, apiResCode: INLINE_CODES });
        // The stream ended without its last event (the connection broke).
        patchLast((m) => (m.status === 'streaming' ? { status: abort.signal.aborted ? 'cancelled' : 'pending' } : {}));
      } catch (err) {
        if (abort.signal.aborted) patchLast(() => ({ status: 'cancelled' }));
        else
          patchLast(() => ({ status: 'error', error: err instanceof ApiError ? err.message : (err as Error).message }));
      } finally {
        controller.current = null;
        setBusy(false);
        void client.invalidateQueries({ queryKey: conversationsKey });
      }
    },
    // onEvent only uses state setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [conversationId, client],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  const startNew = useCallback(() => {
    controller.current?.abort();
    setConversationId(null);
    setMessages([]);
    setLoadError(null);
  }, []);

  const open = useCallback(async (id: number) => {
    controller.current?.abort();
    setLoadError(null);
    try {
      const c = await fetchConversation(id);
      setConversationId(c.conversation.id);
      setMessages(c.messages.map(fromStored));
    } catch (err) {
      setLoadError((err as Error).message);
    }
  }, []);

  return { conversationId, messages, isBusy, loadError, send, stop, startNew, open };
}
