import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { inEnglish } from '../../test/strings';
import { assistant } from './locale';
import { ChatStatus } from './ChatStatus';
import type { UiMessage } from './useChat';

const message = (key: string, status: UiMessage['status'], content: string): UiMessage => ({
  key,
  role: 'assistant',
  content,
  links: [],
  cards: [],
  answerer: 'model',
  status,
  error: null,
  isFallback: false,
});
const question: UiMessage = { ...message('q', 'ok', 'How many?'), role: 'user' };

inEnglish(assistant);
afterEach(cleanup);

describe("XiaoK's status region", () => {
  it('says it is answering while the answer streams, then the finished answer once', () => {
    const { rerender } = render(<ChatStatus messages={[question, message('a', 'streaming', '')]} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('XiaoK is answering…');
    // Each word as it arrives is not read out.
    rerender(<ChatStatus messages={[question, message('a', 'streaming', 'There are')]} />);
    expect(status.textContent).toBe('XiaoK is answering…');
    rerender(<ChatStatus messages={[question, message('a', 'ok', 'There are **12** applications')]} />);
    expect(status.textContent).toBe('There are 12 applications');
  });

  it('says an answer stopped, and reads nothing of a conversation opened from the history', () => {
    const { rerender } = render(<ChatStatus messages={[question, message('old', 'ok', 'An old answer')]} />);
    expect(screen.getByRole('status').textContent).toBe('');
    rerender(<ChatStatus messages={[question, message('b', 'streaming', '')]} />);
    rerender(<ChatStatus messages={[question, message('b', 'cancelled', 'Half')]} />);
    expect(screen.getByRole('status').textContent).toBe('Answer stopped');
  });
});
