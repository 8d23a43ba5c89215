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
  // The opened conversation has messages before the first one shown (its pages come newest first).
  const [hasOlder, setHasOlder] = useState(false);
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  // The id of the oldest stored message shown while older ones exist: the cursor of the next older page.
  const oldest = useRef<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  // Each question, new conversation or opened conversation starts a generation: events of an answer that was left
  // (stopped, or the member moved on) never land on what is shown now.
  const generation = useRef(0);

  const send = useCallback(
    async (question: string) => {
      const q = question.trim();
      if (!q || controller.current) return;
      const gen = ++generation.current;
      const abort = new AbortController();
      controller.current = abort;
      setBusy(true);
      const patch = (fn: (m: UiMessage) => Partial<UiMessage>) =>
        setMessages((list) => {
          const last = list[list.length - 1];
          if (gen !== generation.current || !last || last.role !== 'assistant') return list;
          return [...list.slice(0, -1), { ...last, ...fn(last) }];
        });
      // The answer is over at its last event ('done' or 'error'), though the stream may stay open a moment longer:
      // the next question can be sent from then on (pressed at once, it was dropped while the stream closed).
      // A break of the stream after that changes nothing.
      let finished = false;
      const finish = () => {
        finished = true;
        if (controller.current === abort) controller.current = null;
        if (gen === generation.current) setBusy(false);
      };
      const onEvent = (e: ChatStreamEvent) => {
        if (gen !== generation.current) return;
        switch (e.event) {
          case 'start':
            setConversationId(e.data.conversationId);
            return patch(() => ({ answerer: e.data.answerer }));
          case 'answerer':
            return patch(() => ({ answerer: e.data.answerer, isFallback: true }));
          case 'delta':
            return patch((m) => ({ content: m.content + e.data.text }));
          case 'links':
            return patch(() => ({ links: e.data.links }));
          case 'cards':
            return patch(() => ({ cards: e.data.cards }));
          case 'done':
            patch(() => ({ status: 'ok' }));
            return finish();
          case 'error':
            patch(() => ({ status: 'error', error: e.data.message }));
            return finish();
        }
      };
      const blank = { links: [], cards: [], error: null, isFallback: false };
      setMessages((list) => [
        ...list,
        { ...blank, key: nextKey(), role: 'user', content: q, answerer: null, status: 'ok' },
        { ...blank, key: nextKey(), role: 'assistant', content: '', answerer: null, status: 'streaming' },
      ]);
      try {
        await askXiaoK({ question: q, conversationId }, { signal: abort.signal, onEvent, apiResCode: INLINE_CODES });
        // The stream ended without its last event (the connection broke).
        patch((m) => (m.status === 'streaming' ? { status: abort.signal.aborted ? 'cancelled' : 'pending' } : {}));
      } catch (err) {
        if (finished) return;
        if (abort.signal.aborted) patch(() => ({ status: 'cancelled' }));
        else patch(() => ({ status: 'error', error: err instanceof ApiError ? err.message : (err as Error).message }));
      } finally {
        finish();
        void client.invalidateQueries({ queryKey: conversationsKey });
      }
    },
    [conversationId, client],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  // Leaves the answer being written (it is stored as cancelled) for another conversation.
  const leave = () => {
    generation.current++;
    controller.current?.abort();
    controller.current = null;
    setBusy(false);
  };

  const showOlder = (is: boolean, first: ChatMessage | undefined) => {
    oldest.current = is ? (first?.id ?? null) : null;
    setHasOlder(oldest.current !== null);
    setLoadingOlder(false);
  };

  const startNew = useCallback(() => {
    leave();
    setConversationId(null);
    setMessages([]);
    setLoadError(null);
    showOlder(false, undefined);
  }, []);

  // Opens a stored conversation at its newest page.
  const open = useCallback(async (id: number) => {
    leave();
    const gen = generation.current;
    setLoadError(null);
    showOlder(false, undefined);
    try {
      const c = await fetchConversation(id);
      if (gen !== generation.current) return;
      setConversationId(c.conversation.id);
      setMessages(c.messages.map(fromStored));
      showOlder(c.hasOlder, c.messages[0]);
    } catch (err) {
      if (gen === generation.current) setLoadError((err as Error).message);
    }
  }, []);

  // Puts the page before the oldest message shown in front of the conversation ("load earlier").
  const loadOlder = useCallback(async () => {
    const before = oldest.current;
    if (conversationId === null || before === null || isLoadingOlder) return;
    const gen = generation.current;
    setLoadingOlder(true);
    try {
      const c = await fetchConversation(conversationId, before);
      if (gen !== generation.current || oldest.current !== before) return;
      setMessages((list) => [...c.messages.map(fromStored), ...list]);
      showOlder(c.hasOlder, c.messages[0]);
    } catch (err) {
      if (gen !== generation.current) return;
      // The conversation was removed meanwhile: said above the messages. Otherwise the toast told why and the
      // button stays for another try.
      if (err instanceof ApiError && err.code === Code.NOT_FOUND) {
        setLoadError(err.message);
        showOlder(false, undefined);
      } else setLoadingOlder(false);
    }
  }, [conversationId, isLoadingOlder]);

  return {
    conversationId,
    messages,
    isBusy,
    loadError,
    hasOlder,
    isLoadingOlder,
    send,
    stop,
    startNew,
    open,
    loadOlder,
  };
}
