import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Constitution, ProjectView } from '@study-crm/shared';
import { inEnglish } from '../../test/strings';
import { resetFeedbackForTests } from '../../lib/feedback';
import { okResponse as ok } from '../../test/responses';
import { acceptingFeedback, appQueryClient, serveCalls } from '../../test/screenCalls';
import { project as strings } from './locale';
import { PROJECT_ROOT } from './api';
import { ProjectConstitution } from './ProjectConstitution';
import ProjectDetail from './ProjectDetail';

const P = '/api/v1/cake/projects';
const PROJECT: ProjectView = {
  id: 7,
  name: 'Cohort',
  description: null,
  status: 'active',
  startDate: null,
  endDate: null,
  version: 3,
  memberCount: 1,
  shareTotal: 0,
  myRole: 'manager',
  createdBy: null,
  createdAt: 0,
  updatedAt: 0,
  members: [],
  canManage: true,
  canEdit: true,
  constitutionRevision: 1,
};
const revision = (n: number, content: string): Constitution => ({
  projectId: PROJECT.id,
  revision: n,
  content,
  createdBy: null,
  createdAt: 0,
});

// An empty page for the lists the screen reads besides.
const EMPTY_PAGE = () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10, nextCursor: null });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetFeedbackForTests();
});

describe('project details', { timeout: 30_000 }, () => {
  inEnglish(strings);

  // A refresh while the dialog is open (another write of the project) must not make the save carry the newer
  // version: the server would accept it and overwrite what was saved meanwhile.
  it('saves the project edit with the version read when the dialog opened', async () => {
    acceptingFeedback();
    const answers: Record<string, () => Response> = {
      [`${P}/view`]: () => ok(PROJECT),
      [`${P}/update`]: () => ok({ ...PROJECT, version: 5 }),
    };
    const calls = serveCalls(answers, EMPTY_PAGE);
    const qc = appQueryClient();
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={[`/user/projectDetail?id=${PROJECT.id}`]}>
          <ProjectDetail />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('project-edit'));
    await waitFor(() => expect(document.querySelector('.ant-modal-footer .ant-btn-primary')).toBeTruthy());
    // Someone else saved the project; it is read again while the dialog is open.
    answers[`${P}/view`] = () => ok({ ...PROJECT, name: 'Renamed elsewhere', version: 4 });
    await act(() => qc.invalidateQueries({ queryKey: [PROJECT_ROOT] }));
    await waitFor(() => expect(screen.getByTestId('project-detail-title').textContent).toContain('Renamed elsewhere'));

    fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(calls.some((c) => c.path === `${P}/update`)).toBe(true));
    const sent = calls.find((c) => c.path === `${P}/update`)!.body;
    expect([sent.get('id'), sent.get('name'), sent.get('version')]).toEqual(['7', 'Cohort', '3']);
  });

  it('saves the constitution with the revision its editing started from', async () => {
    acceptingFeedback();
    const answers: Record<string, () => Response> = {
      [`${P}/constitution`]: () => ok(revision(1, 'First rules')),
      [`${P}/constitution/save`]: () => ok(revision(3, 'My rules')),
    };
    const calls = serveCalls(answers, EMPTY_PAGE);
    const qc = appQueryClient();
    render(
      <QueryClientProvider client={qc}>
        <ProjectConstitution project={PROJECT} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('constitution-edit'));
    fireEvent.change(screen.getByTestId('constitution-editor'), { target: { value: 'My rules' } });
    // Someone else saved revision 2; the shown revision is read again while the draft is open.
    answers[`${P}/constitution`] = () => ok(revision(2, 'Rules saved elsewhere'));
    await act(() => qc.invalidateQueries({ queryKey: [PROJECT_ROOT] }));
    await waitFor(() => expect(calls.filter((c) => c.path === `${P}/constitution`).length).toBeGreaterThanOrEqual(2));
    await waitFor(() =>
      expect(qc.getQueryData([PROJECT_ROOT, 'constitution', PROJECT.id, null])).toMatchObject({ revision: 2 }),
    );
    expect((screen.getByTestId('constitution-editor') as HTMLTextAreaElement).value).toBe('My rules');

    fireEvent.click(screen.getByTestId('constitution-save'));
    await waitFor(() => expect(calls.some((c) => c.path === `${P}/constitution/save`)).toBe(true));
    const sent = calls.find((c) => c.path === `${P}/constitution/save`)!.body;
    expect([sent.get('content'), sent.get('baseRevision')]).toEqual(['My rules', '1']);
  });
});
