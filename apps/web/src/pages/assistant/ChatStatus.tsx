import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiMessage } from './useChat';

// What XiaoK is doing, said without moving the focus (WCAG 4.1.3): "answering" while an answer streams, then the
// finished answer once (not every word as it arrives), or that it stopped or failed. An answer loaded with an old
// conversation is not read out: only one that streamed while the panel was open.
export function ChatStatus({ messages }: { messages: readonly UiMessage[] }) {
  const { t } = useTranslation();
  const last = messages[messages.length - 1];
  const [streamed, setStreamed] = useState<string | null>(null);
  if (last?.role === 'assistant' && last.status === 'streaming' && streamed !== last.key) setStreamed(last.key);

  let text = '';
  if (last && last.key === streamed) {
    if (last.status === 'streaming') text = t('assistant.thinking');
    else if (last.status === 'cancelled') text = t('assistant.stopped');
    else if (last.status === 'error') text = last.error ?? t('assistant.interrupted');
    else if (last.status === 'pending') text = t('assistant.interrupted');
    // Markdown's marks are not read out (the backquote by its code point: a plain one reads as a template to tools).
    else
      text = last.content
        .replace(/[*_#\u0060>|]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
  }
  return (
    <div role="status" className="sr-only" data-testid="xiaok-status">
      {text}
    </div>
  );
}
