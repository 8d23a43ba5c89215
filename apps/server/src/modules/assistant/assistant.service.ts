import {
  ASSISTANT_CARDS_MAX,
  ASSISTANT_LINKS_MAX,
  ASSISTANT_MESSAGES_PAGE,
  Code,
  formatMessage,
  type AssistantLink,
  type ChatQuery,
  type ChatStreamEvent,
  type ConversationListQuery,
  type ConversationMessages,
  type ConversationMessagesQuery,
  type HelpCard,
  type Locale,
} from '@study-crm/shared';
import { isForeignKeyViolation } from '../../db/sql-helpers.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { pageResult, pageWindow } from '../../lib/paging.js';
import { ModelFailure, type AnswererImpl, type AnswerSink, type HistoryTurn } from './answerer.js';
import { cardsJson, linksJson, titleOf, toChatMessage, toConversation } from './assistant.mapper.js';
import type { AssistantRepository } from './assistant.repository.js';
import type { Asker } from './data.js';

const MINUTE = 60_000;
// Longest stored answer, and the most of one earlier message the model is sent again.
const ANSWER_MAX = 20_000;
const HISTORY_TURN_MAX = 4_000;

type Log = { error: (obj: object, msg: string) => void };

export type Caller = {
  id: number;
  perms: ReadonlySet<string>;
  // A role requires two-factor sign-in and it is not set up: the member may chat but sees no figures and none of
  // their own tasks (decision 335).
  isTwoFactorPending?: boolean;
};

// One accepted question: its conversation, the question's and the answer's message ids, the earlier turns.
export type Accepted = {
  conversationId: number;
  questionId: number;
  messageId: number;
  asker: Asker;
  question: string;
  history: HistoryTurn[];
};

export type AssistantDeps = {
  repo: AssistantRepository;
  // The configured answerer (the model, when one is configured) and the embedded one it falls back to.
  primary: AnswererImpl;
  embedded: AnswererImpl;
  ratePerMinute: number;
  historyMessages: number;
  clock: Clock;
  log: Log;
};

export function createAssistantService(deps: AssistantDeps) {
  const { repo, clock } = deps;

  return {
    // Everything that can refuse a question happens here, before the stream starts (so a refusal is the usual JSON
    // answer): the conversation must be the caller's (404), the caller under the question limit (7801). Then the
    // question and the answer's row (pending) are stored in one transaction, the conversation's row locked (a removal
    // racing the question: 404, never a foreign key's 500).
    async accept(caller: Caller, locale: Locale, q: ChatQuery): Promise<Accepted> {
      const now = clock.now();
      const stored = repo.transaction(async (tx) => {
        await repo.lockQuestions(tx, caller.id);
        if (q.conversationId && !(await repo.lockConversation(tx, q.conversationId, caller.id))) throw notFound();
        const asked = await repo.countQuestionsSince(tx, caller.id, now - MINUTE);
        if (asked >= deps.ratePerMinute) {
          throw new AppError(Code.ASSISTANT_TOO_MANY, 'assistantTooMany', { max: deps.ratePerMinute });
        }
        const conversationId =
          q.conversationId ?? (await repo.insertConversation(tx, caller.id, titleOf(q.question), now));
        const base = {
          conversationId,
          memberId: caller.id,
          links: null,
          cards: null,
          errorCode: null,
          createdAt: now,
          updatedAt: now,
        };
        const questionId = await repo.insertMessage(tx, {
          ...base,
          role: 'user',
          content: q.question,
          answerer: null,
          status: 'ok',
        });
        const messageId = await repo.insertMessage(tx, {
          ...base,
          role: 'assistant',
          content: '',
          answerer: deps.primary.name,
          status: 'pending',
        });
        await repo.touchConversation(conversationId, caller.id, now, tx);
        return { conversationId, questionId, messageId };
      });
      const ids = await stored.catch((err: unknown) => {
        // The conversation went after all (removed by a writer that took no lock): it is not the caller's any more.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      });
      const earlier = deps.historyMessages
        ? await repo.recent(ids.conversationId, caller.id, ids.questionId, deps.historyMessages)
        : [];
      const history = earlier
        .filter((m) => m.status === 'ok' && m.content)
        .reverse()
        .map((m) => ({ role: m.role, content: m.content.slice(0, HISTORY_TURN_MAX) }));
      const isTwoFactorPending = caller.isTwoFactorPending === true;
      const perms = isTwoFactorPending ? new Set<string>() : caller.perms;
      return {
        ...ids,
        question: q.question,
        history,
        asker: { memberId: caller.id, perms, isTwoFactorPending, locale, now },
      };
    },

    // Answers an accepted question, sending the stream's events through `emit`, and stores how it ended: done,
    // cancelled (the member stopped or left: what was written so far is kept) or error (7800, the spec's "current
    // network is unstable"). A model that fails before writing anything is replaced by the embedded answerer.
    async answer(a: Accepted, emit: (e: ChatStreamEvent) => void, signal: AbortSignal): Promise<void> {
      let text = '';
      let links: AssistantLink[] = [];
      let cards: HelpCard[] = [];
      let used = deps.primary.name;
      let status: 'ok' | 'error' | 'cancelled' = 'ok';
      let errorCode: number | null = null;
      const sink: AnswerSink = {
        delta: (t) => {
          if (text.length >= ANSWER_MAX) return;
          text += t;
          emit({ event: 'delta', data: { text: t } });
        },
        links: (l) => {
          links = [...links, ...l.filter((x) => !links.some((y) => y.path === x.path))].slice(0, ASSISTANT_LINKS_MAX);
          emit({ event: 'links', data: { links } });
        },
        cards: (c) => {
          cards = c.slice(0, ASSISTANT_CARDS_MAX);
          emit({ event: 'cards', data: { cards } });
        },
      };
      const input = { asker: a.asker, question: a.question, history: a.history, signal };
      emit({
        event: 'start',
        data: { conversationId: a.conversationId, questionId: a.questionId, messageId: a.messageId, answerer: used },
      });
      try {
        try {
          await deps.primary.answer(input, sink);
        } catch (err) {
          if (!(err instanceof ModelFailure) || err.hasStreamed || signal.aborted) throw err;
          used = deps.embedded.name;
          emit({ event: 'answerer', data: { answerer: used } });
          await deps.embedded.answer(input, sink);
        }
        if (signal.aborted) status = 'cancelled';
        else emit({ event: 'done', data: { messageId: a.messageId, status: 'ok' } });
      } catch (err) {
        if (signal.aborted) status = 'cancelled';
        else {
          status = 'error';
          const isModel = err instanceof ModelFailure;
          errorCode = isModel ? Code.ASSISTANT_UNSTABLE : Code.INTERNAL;
          if (!isModel) deps.log.error({ err }, 'assistant answer failed');
          const key = isModel ? 'assistantUnstable' : 'internalError';
          emit({ event: 'error', data: { code: errorCode, message: formatMessage(key, a.asker.locale) } });
        }
      }
      const end = clock.now();
      await repo.finishMessage(a.messageId, a.asker.memberId, {
        content: text.slice(0, ANSWER_MAX),
        links: linksJson(links),
        cards: cardsJson(cards),
        answerer: used,
        status,
        errorCode,
        updatedAt: end,
      });
      await repo.touchConversation(a.conversationId, a.asker.memberId, end);
    },

    async conversations(memberId: number, q: ConversationListQuery) {
      const w = pageWindow(q);
      const { rows, total } = await repo.page(memberId, w);
      return pageResult(rows.map(toConversation), total, w);
    },

    // One page of a conversation's messages, oldest first: the newest `size`, or those before the cursor `before`.
    async messages(memberId: number, q: ConversationMessagesQuery): Promise<ConversationMessages> {
      const conversation = await repo.findConversation(q.id, memberId);
      if (!conversation) throw notFound();
      const size = q.size ?? ASSISTANT_MESSAGES_PAGE;
      const { rows, hasOlder } = await repo.messages(q.id, memberId, { size, beforeId: q.before ?? null });
      return { conversation: toConversation(conversation), messages: rows.reverse().map(toChatMessage), hasOlder };
    },

    async remove(memberId: number, conversationId: number): Promise<null> {
      if (!(await repo.remove(conversationId, memberId))) throw notFound();
      return null;
    },
  };
}
export type AssistantService = ReturnType<typeof createAssistantService>;
