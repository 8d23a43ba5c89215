import { Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { APPLICATION_DICT, PERM, displayName, type ApplicationListItem } from '@study-crm/shared';
import { useCanOpen } from '../../navigation/useScreen';
import { usePermission } from '../../components/Permission';
import { PagedTable } from '../../components/crud/PagedTable';
import { CellText, ProgressCell } from '../../components/crud/cells';
import { useListState } from '../../components/crud/useListState';
import { DateRangeFilter, DictFilter, KeywordSearch, StaffFilter } from '../../components/crud/filters';
import { ListCard } from '../../components/crud/ListCard';
import { APPLICATION_LIST_DEFAULTS, useApplicationList } from './api';
import { DictBadge } from '../../components/dict';
import { PATHS } from '../../navigation/paths';
import { TeachersCell } from './TeachersCell';
import type { DataColumn } from '../../components/crud/DataTable';
import { ApplicationBoard, ViewSwitch, viewOf } from './board/ViewSwitch';
import { lazyPart } from '../../components/lazyPart';
import type { ImportButton as ImportButtonType } from '../../components/import/ImportButton';
import type { ExportButton as ExportButtonType } from '../../components/crud/ExportButton';

// The import button and its strings (issue 39) load after the home list's own code: not on its first paint.
const ImportButton = lazyPart<ComponentProps<typeof ImportButtonType>>(() =>
  import('../../components/import/ImportButton').then((m) => ({ default: m.ImportButton })),
);
// Export (issue 39): the list's rows for its current filters and sort; loads after the list, like the import.
const ExportButton = lazyPart<ComponentProps<typeof ExportButtonType>>(() =>
  import('../../components/crud/ExportButton').then((m) => ({ default: m.ExportButton })),
);
// What falls due this week (issue 40): its code loads when the view is first shown.
const ThisWeek = lazyPart<{ canOpenDetail: boolean }>(() =>
  import('./ThisWeek').then((m) => ({ default: m.ThisWeek })),
);

// While a view's code loads (the board, this week), in its place: the switch and the filters stay.
const VIEW_LOADING = <Spin />;

type Filters = {
  keyword?: string;
  status?: string;
  teacherId?: number;
  dateFrom?: string;
  dateTo?: string;
  // Table or board (issue 40), kept in the address with the filters.
  view?: string;
};

// The home screen: every application with what a consultant scans first. Filters, sort and page live in the URL.
export default function ApplicationList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Row actions only for screens in the member's menu that this build has (payments: once that screen exists).
  const canOpen = useCanOpen();
  const hasPayments = canOpen(PATHS.transactions);
  const hasDetail = canOpen(PATHS.detail());
  const hasFollow = canOpen(PATHS.followScreen);
  const hasFiles = canOpen(PATHS.filesScreen);
  const canMove = usePermission(PERM.applicationUpdate);
  const list = useListState<Filters>({
    defaults: APPLICATION_LIST_DEFAULTS,
    queryRoot: ['application', 'list'],
  });
  // The view (all applications, or what falls due this week) lives in the address too.
  const [search, setSearch] = useSearchParams();
  const week = search.get('view') === 'week';
  const view = viewOf(list.filters.view);
  // One switch for the three views: the table and the board (list state, `f.view`) and this week (`view=week`).
  const viewSwitch = (
    <ViewSwitch
      value={week ? 'week' : view}
      onChange={(v) => {
        if (v === 'week' || week) {
          setSearch(
            (p) => {
              const next = new URLSearchParams(p);
              if (v === 'week') next.set('view', 'week');
              else next.delete('view');
              next.delete('pageNum');
              return next;
            },
            { replace: false },
          );
        }
        if (v !== 'week') list.apply({ view: v === 'board' ? v : undefined });
      }}
    />
  );
  const { view: _view, ...params } = list.params;
  const query = useApplicationList(params, view === 'table' && !week);

  const columns: DataColumn<ApplicationListItem>[] = [
    {
      title: t('application.col.applicationDate'),
      dataIndex: 'applicationDate',
      key: 'applicationDate',
      sorter: true,
      width: 130,
    },
    {
      title: t('application.col.student'),
      key: 'name',
      sorter: true,
      // Name and e-mail on one line each: never narrower than a short e-mail, cut with a tooltip beyond.
      width: 240,
      render: (_, r) => {
        const secondary = [displayName({ engLastName: r.engLastName, engFirstName: r.engFirstName }, ''), r.email]
          .filter(Boolean)
          .join(' · ');
        return (
          <div style={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <CellText onOpen={hasDetail ? () => navigate(PATHS.detail(r.id)) : undefined} testId="app-row-name">
              {r.name}
            </CellText>
            <CellText secondary tip>
              {secondary}
            </CellText>
          </div>
        );
      },
    },
    {
      title: t('application.col.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      width: 150,
      render: (v: string) => <DictBadge type={APPLICATION_DICT.status} value={v} />,
    },
    {
      title: t('application.col.targetSchools'),
      key: 'targetSchools',
      width: 220,
      // A narrow box (1280 px) hides the teachers, then the schools: the application's own screen shows both.
      priority: 1,
      // One line: the schools in order, cut with the full list in a tooltip.
      render: (_, r) =>
        r.targetSchools.length ? (
          <CellText tip maxWidth={200}>
            {r.targetSchools.join(', ')}
          </CellText>
        ) : (
          '-'
        ),
    },
    {
      title: t('application.col.teachers'),
      key: 'teachers',
      // Wide enough for "Follow-up teacher: <full name>" on one line.
      width: 270,
      priority: 2,
      render: (_, r) => <TeachersCell signing={r.signingTeacher} follow={r.followTeacher} />,
    },
    {
      title: t('application.col.completion'),
      key: 'completion',
      width: 150,
      render: (_, r) => (
        <ProgressCell
          percent={r.completionRatio}
          label={t('application.col.completion')}
          text={`${r.completionRatio}% (${r.followDone}/${r.followTotal})`}
          testId="app-row-ratio"
        />
      ),
    },
    {
      title: t('application.col.actions'),
      key: 'actions',
      width: 200,
      render: (_, r) => (
        <Space size={4} wrap>
          {hasFollow && (
            <Button size="small" type="link" onClick={() => navigate(PATHS.follow(r.id))} data-testid="app-row-follow">
              {t('application.action.follow')}
            </Button>
          )}
          {hasPayments && (
            <Button size="small" type="link" onClick={() => navigate(PATHS.payments(r.id))}>
              {t('application.action.payments')}
            </Button>
          )}
          {hasFiles && (
            <Button size="small" type="link" onClick={() => navigate(PATHS.files(r.id))} data-testid="app-row-files">
              {t('application.action.files')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListCard
      title={t('application.listTitle')}
      add={{
        perm: PERM.applicationAdd,
        label: t('application.create'),
        onClick: () => navigate(PATHS.detail()),
        testId: 'app-create',
      }}
    >
      {week ? (
        <>
          <Space wrap style={{ marginBottom: 16 }}>
            {viewSwitch}
          </Space>
          <Suspense fallback={VIEW_LOADING}>
            <ThisWeek canOpenDetail={hasDetail} />
          </Suspense>
        </>
      ) : (
        <>
          <Space wrap style={{ marginBottom: 16 }}>
            {viewSwitch}
            <KeywordSearch list={list} placeholder={t('application.searchPlaceholder')} testId="app-search" />
            <DictFilter
              list={list}
              name="status"
              type={APPLICATION_DICT.status}
              placeholder={t('application.col.status')}
              width={190}
              testId="app-status-filter"
            />
            <StaffFilter list={list} name="teacherId" width={180} placeholder={t('application.teacher')} />
            <DateRangeFilter
              list={list}
              presets={[
                { label: t('application.last30'), value: [dayjs().subtract(30, 'day'), dayjs()] },
                { label: t('application.thisYear'), value: [dayjs().startOf('year'), dayjs()] },
              ]}
            />
            {/* The two buttons appear when their code has come, at the end of the row: the filters and the table
                do not wait for them. */}
            <Suspense fallback={null}>
              <ImportButton kind="application" perm={PERM.applicationAdd} queryRoot="application" />
            </Suspense>
            <Suspense fallback={null}>
              <ExportButton list="application" params={params} testId="app-export" />
            </Suspense>
          </Space>
          {view === 'board' ? (
            <Suspense fallback={VIEW_LOADING}>
              <ApplicationBoard
                filters={list.filters}
                canMove={canMove}
                onOpen={hasDetail ? (id) => navigate(PATHS.detail(id)) : undefined}
              />
            </Suspense>
          ) : (
            // Columns keep their widths; a narrow box hides the lower-priority ones before squeezing them.
            <PagedTable columns={columns} query={query} list={list} strings="application" testId="app-table" />
          )}
        </>
      )}
    </ListCard>
  );
}
