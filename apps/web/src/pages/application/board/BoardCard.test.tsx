import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { BoardCard as Card } from '@study-crm/shared';
import { BoardCard } from './BoardCard';

const card = (id: number, date: string): Card => ({
  id,
  version: 1,
  name: `Student ${id}`,
  engLastName: null,
  engFirstName: null,
  status: 'submitted',
  applicationDate: '2027-06-01',
  targetSchools: [],
  nextDeadline: { date, kind: 'equal', school: 'UCL' },
  followDone: 0,
  followTotal: 0,
  completionRatio: 0,
});
const colourOf = (c: Card) => {
  render(
    <BoardCard
      card={c}
      busy={false}
      statusLabel="Submitted"
      targets={[]}
      onMove={() => undefined}
      onDragStart={() => undefined}
      onDragEnd={() => undefined}
    />,
  );
  const colour = screen.getByTestId('board-card-deadline').style.color;
  cleanup();
  return colour;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a board card’s deadline', () => {
  it('is marked from fourteen days before it, counted from the UK day (not the browser’s)', () => {
    // 23:30 UTC on 1 July is 2 July in London: the deadline of 16 July is 14 days off, that of 17 July 15.
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2027, 6, 1, 23, 30));
    const near = colourOf(card(1, '2027-07-16'));
    const far = colourOf(card(2, '2027-07-17'));
    const later = colourOf(card(3, '2027-09-01'));
    expect(near).not.toBe(far);
    expect(far).toBe(later);
  });
});
