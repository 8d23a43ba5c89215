import type { Answerer, AssistantLink, HelpCard } from '@study-crm/shared';
import type { Asker } from './data.js';

// What an answerer writes to: text as it is produced, then the links and help cards that go with the answer.
export type AnswerSink = {
  delta: (text: string) => void;
  links: (links: AssistantLink[]) => void;
  cards: (cards: HelpCard[]) => void;
};

export type HistoryTurn = { role: 'user' | 'assistant'; content: string };

export type AnswerInput = {
  asker: Asker;
  question: string;
  // Earlier messages of the conversation, oldest first (capped; the model answerer uses them).
  history: HistoryTurn[];
  // Aborted when the member stops the answer or leaves.
  signal: AbortSignal;
};

// The one interface behind which both answerers sit (chosen by configuration, docs/assistant.md).
export type AnswererImpl = {
  name: Answerer;
  answer: (input: AnswerInput, sink: AnswerSink) => Promise<void>;
};

// The model could not answer. `hasStreamed`: some of its text already reached the member (then the answer ends
// with the error event instead of falling back to the embedded answerer).
export class ModelFailure extends Error {
  constructor(
    readonly reason: 'http' | 'network' | 'timeout' | 'protocol',
    readonly hasStreamed: boolean,
    detail: string,
  ) {
    super(detail);
    this.name = 'ModelFailure';
  }
}
