import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { PERM, ukDay, type ApplicationSimple, type ApplicationView } from '@study-crm/shared';
import type { ModalFuncProps } from 'antd';
import { inEnglish } from '../../../test/strings';
import { bindFeedback, resetFeedbackForTests, type ConfirmConfig, type FeedbackApi } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { application } from '../locale';
import { okResponse as ok } from '../../../test/responses';
import ApplicationDetail from './ApplicationDetail';

const record = (version: number, name: string): ApplicationView => ({
  id: 7,
  version,
  name,
  engLastName: null,
  engFirstName: null,
  formerName: null,
  gender: null,
  religion: null,
  nationality: null,
  birthday: null,
  birthplace: null,
  passportNo: null,
  passportIssuePlace: null,
  passportIssueDate: null,
  passportExpiryDate: null,
  landline: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  country: null,
  postcode: null,
  importantNotes: null,
  areaCode: '886',
  mobile: '912345678',
  email: 'lin@example.com',
  applicationDate: '2026-10-01',
  status: 'submitted',
  studentId: 3,
  signingTeacherId: 9,
  followTeacherId: null,
  createdAt: 1,
  updatedAt: 1,
  educations: [],
  jobs: [],
  languageScores: [],
  referrers: [],
  targetSchools: [],
});

const simple = (v: ApplicationView): ApplicationSimple => ({
  id: v.id,
  name: v.name,
  engLastName: null,
  engFirstName: null,
  email: v.email,
  areaCode: v.areaCode,
  mobile: v.mobile,
  passportNo: null,
  status: v.status,
  applicationDate: v.applicationDate,
  importantNotes: null,
  studentId: v.studentId,
  version: v.version,
  signingTeacher: { id: 9, name: 'Ben Lee' },
  followTeacher: null,
  followDone: 0,
  followTotal: 0,
  completionRatio: 0,
});

// The server: the record as `current` holds it, one active teacher (Ben Lee has left), and the saves it was sent;
// a checked save is refused with 7944 (application #5 holds the course) while `duplicate` says so.
let current = record(1, 'Lin Mei');
const saves: Record<string, unknown>[] = [];
let duplicate = true;
const refusedAsDuplicate = () =>
  new Response(
    JSON.stringify({
      meta: { code: 7944, message: 'This student already has application #5 with UCL · Law for the same intake' },
      data: { applicationId: 5 },
    }),
  );
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function show(id?: number, queries = client()) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (path.endsWith('/applicationRecord/view')) return ok(current);
    if (path.endsWith('/applicationRecord/simpleInfo')) return ok(simple(current));
    if (path.endsWith('/applicationRecord/staffOptions')) return ok([{ id: 1, name: 'Amy Chan' }]);
    if (path.endsWith('/applicationRecord/update')) {
      const body = Object.fromEntries(new URLSearchParams(String(init?.body)));
      saves.push(body);
      if (body.checkDuplicate === '1' && duplicate) return refusedAsDuplicate();
      if (Number(body.version) !== current.version)
        return new Response(JSON.stringify({ meta: { code: 409, message: 'Saved elsewhere first' }, data: null }));
      return ok({ id: 7, version: current.version + 1, studentId: 3, warnings: [] });
    }
    if (path.endsWith('/applicationRecord/create')) {
      const body = Object.fromEntries(new URLSearchParams(String(init?.body)));
      saves.push(body);
      if (body.checkDuplicate === '1' && duplicate) return refusedAsDuplicate();
      return ok({ id: 8, version: 1, studentId: 3, warnings: [] });
    }
    if (path.endsWith('/applicationVisa/checklist'))
      return ok({ applicationId: 7, courseStart: null, levelNeeded: 'B2', done: 0, total: 0, steps: [], language: [] });
    return ok([]);
  });
  render(
    <QueryClientProvider client={queries}>
      <MemoryRouter initialEntries={[`/application/applicationDetail${id ? `?id=${id}` : ''}`]}>
        <ApplicationDetail />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queries;
}
const nameInput = () => screen.getByLabelText<HTMLInputElement>(/^Name/);
// Where the form's navigation went.
function Where() {
  const at = useLocation();
  return <span data-testid="where">{at.pathname + at.search}</span>;
}

// A confirm step that says yes to the save's own confirmation at once and keeps the questions after it; toasts are
// counted, not shown.
function answering() {
  const asked: ConfirmConfig[] = [];
  const toasts = vi.fn();
  bindFeedback({
    message: { success: toasts, error: toasts, info: toasts },
    modal: {
      confirm: (c: ConfirmConfig) => {
        asked.push(c);
        if (asked.length === 1) void c.onOk?.();
      },
    },
  } as unknown as FeedbackApi);
  return { asked, toasts };
}
// A question's content as its dialog draws it, given what closes the dialog.
function drawContent(question: ConfirmConfig, close: () => void = () => undefined) {
  const { content } = question;
  render(<>{typeof content === 'function' ? content(close) : content}</>);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetFeedbackForTests();
  useSession.setState({ mid: null, serverPerm: [] });
  current = record(1, 'Lin Mei');
  duplicate = true;
});

describe('the application form', () => {
  inEnglish(application);

  // The first render loads antd's form and selects (seconds on a shared machine).
  it('shows a teacher who has left by name, not as a bare number', { timeout: 20_000 }, async () => {
    show(7);
    await waitFor(() => expect(screen.getByText('Ben Lee')).toBeTruthy());
    expect(screen.queryByTitle('9')).toBeNull();
  });

  it(
    'keeps unsaved edits when the record is read again after a save elsewhere, and says so',
    { timeout: 20_000 },
    async () => {
      useSession.setState({ mid: '1', serverPerm: [PERM.applicationUpdate] });
      // The confirm step says yes at once; toasts are not shown.
      const none = vi.fn();
      bindFeedback({
        message: { success: none, error: none, info: none },
        modal: { confirm: (c: ModalFuncProps) => void c.onOk?.() },
      } as unknown as FeedbackApi);
      duplicate = false;
      const queries = show(7);
      await waitFor(() => expect(nameInput().value).toBe('Lin Mei'));
      fireEvent.change(nameInput(), { target: { value: 'Lin Mei-Ling' } });
      current = record(2, 'Lin M. (their edit)');
      await queries.invalidateQueries({ queryKey: ['application', 'view', 7] });
      await waitFor(() => expect(screen.getByTestId('detail-changed')).toBeTruthy());
      expect(nameInput().value).toBe('Lin Mei-Ling');
      expect(screen.getByTestId('detail-dirty')).toBeTruthy();
      // Its reload puts the other version in the form.
      fireEvent.click(screen.getByTestId('detail-reload'));
      await waitFor(() => expect(nameInput().value).toBe('Lin M. (their edit)'));
      expect(screen.queryByTestId('detail-changed')).toBeNull();
      expect(screen.queryByTestId('detail-dirty')).toBeNull();

      // Edited and saved elsewhere again: the save carries the version the form was filled from, is refused (409),
      // and its reload (confirmed) brings the other version.
      fireEvent.change(nameInput(), { target: { value: 'Mine again' } });
      current = record(3, 'Theirs again');
      await queries.invalidateQueries({ queryKey: ['application', 'view', 7] });
      await waitFor(() => expect(screen.getByTestId('detail-changed')).toBeTruthy());
      expect(nameInput().value).toBe('Mine again');
      fireEvent.click(screen.getByTestId('detail-save'));
      await waitFor(() => expect(saves.at(-1)).toMatchObject({ name: 'Mine again', version: '2' }));
      await waitFor(() => expect(nameInput().value).toBe('Theirs again'));
      expect(screen.queryByTestId('detail-changed')).toBeNull();
    },
  );

  // Decision 370: a new application asks the server to check for the same course; its refusal is a question.
  it('asks before creating a second application for the same course, Cancel focused', { timeout: 20_000 }, async () => {
    useSession.setState({ mid: '1', serverPerm: [PERM.applicationAdd] });
    const { asked, toasts } = answering();
    saves.length = 0;
    show();
    await waitFor(() => expect(nameInput()).toBeTruthy());
    fireEvent.change(nameInput(), { target: { value: 'Chou' } });
    fireEvent.change(screen.getByLabelText<HTMLInputElement>(/^E-mail/), { target: { value: 'chou@example.com' } });
    fireEvent.click(screen.getAllByTestId('detail-save')[0]!);
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(saves).toEqual([expect.objectContaining({ name: 'Chou', checkDuplicate: '1' })]);
    const question = asked[1]!;
    expect(question.title).toBe('Already applied for');
    expect(question.okText).toBe('Create anyway');
    expect(question.focusable).toEqual({ autoFocusButton: 'cancel' });
    // The refusal was not a toast: the question says it.
    expect(toasts).not.toHaveBeenCalled();
    drawContent(question);
    expect(screen.getByText('Create a second application anyway?')).toBeTruthy();
    expect(screen.getByTestId('duplicate-open').textContent).toBe('Open application #5');
    await question.onOk?.();
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({ name: 'Chou' });
    expect(saves[1]).not.toHaveProperty('checkDuplicate');
  });

  // Decision 372: an edit asks too ("Save anyway"), and the question opens the application holding the course.
  it(
    'asks before an edit saves a course another application holds, and opens that one',
    { timeout: 20_000 },
    async () => {
      useSession.setState({ mid: '1', serverPerm: [PERM.applicationUpdate] });
      const { asked } = answering();
      saves.length = 0;
      show(7);
      await waitFor(() => expect(nameInput().value).toBe('Lin Mei'));
      fireEvent.change(nameInput(), { target: { value: 'Lin Mei-Ling' } });
      fireEvent.click(screen.getByTestId('detail-save'));
      await waitFor(() => expect(asked).toHaveLength(2));
      expect(saves).toEqual([expect.objectContaining({ id: '7', version: '1', checkDuplicate: '1' })]);
      const question = asked[1]!;
      expect(question.okText).toBe('Save anyway');
      expect(question.focusable).toEqual({ autoFocusButton: 'cancel' });
      const close = vi.fn();
      drawContent(question, close);
      expect(
        screen.getByText('This student already has application #5 with UCL · Law for the same intake'),
      ).toBeTruthy();
      expect(screen.getByText('Save this application with that course anyway?')).toBeTruthy();
      // The link closes the question and opens #5; nothing more is saved.
      fireEvent.click(screen.getByTestId('duplicate-open'));
      expect(close).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId('where').textContent).toBe('/applicationManage/applicationDetail?id=5');
      expect(saves).toHaveLength(1);
      // "Save anyway" sends the form again without the check.
      await question.onOk?.();
      await waitFor(() => expect(saves).toHaveLength(2));
      expect(saves[1]).toMatchObject({ id: '7', version: '1', name: 'Lin Mei-Ling' });
      expect(saves[1]).not.toHaveProperty('checkDuplicate');
    },
  );

  it('starts a new application on the UK day, not the browser’s', async () => {
    // 23:30 UTC on 1 July is 00:30 on 2 July in London.
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2027, 6, 1, 23, 30));
    show();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^Application date/).value).toBe('2027-07-02'));
    expect(ukDay(Date.now())).toBe('2027-07-02');
  });
});
