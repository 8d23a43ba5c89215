import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Tag } from 'antd';
import { VISA_STAGE_KINDS, type DueSoon, type VisaStageKind } from '@study-crm/shared';
import { PagedTable } from '../../components/crud/PagedTable';
import { CellText } from '../../components/crud/cells';
import { useListState } from '../../components/crud/useListState';
import type { DataColumn } from '../../components/crud/DataTable';
import { useThisWeek } from './api';
import { PATHS } from '../../navigation/paths';

const KIND_COLOR: Record<DueSoon['kind'], string> = {
  casExpiry: 'red',
  fundsWindow: 'volcano',
  passport: 'orange',
  ucas: 'gold',
  language: 'blue',
  languageFlag: 'purple',
  step: 'default',
};

// The applications list's "this week" (issue 40): everything due in the next 7 days (deadlines, expiries, checklist
// steps, language tests flagged against the course start), the soonest and riskiest first, paged by the server.
export function ThisWeek({ canOpenDetail }: { canOpenDetail: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListState({ queryRoot: ['application', 'thisWeek'] });
  const query = useThisWeek(list.page, true);
  const columns: DataColumn<DueSoon>[] = [
    { title: t('application.visa.dueCol.dueDate'), dataIndex: 'dueDate', key: 'dueDate', width: 120 },
    {
      title: t('application.visa.dueCol.daysLeft'),
      dataIndex: 'daysLeft',
      key: 'daysLeft',
      width: 110,
      render: (v: number) =>
        v === 0 ? <Tag color="red">{t('application.visa.today')}</Tag> : t('application.visa.days', { n: v }),
    },
    {
      title: t('application.visa.dueCol.what'),
      dataIndex: 'kind',
      key: 'kind',
      width: 230,
      render: (v: DueSoon['kind']) => <Tag color={KIND_COLOR[v]}>{t(`application.visa.due.${v}`)}</Tag>,
    },
    {
      title: t('application.visa.dueCol.student'),
      dataIndex: 'name',
      key: 'name',
      width: 200,
      render: (v: string, r) => (
        <CellText
          onOpen={canOpenDetail ? () => navigate(PATHS.detail(r.applicationId)) : undefined}
          testId="week-row-name"
        >
          {v}
        </CellText>
      ),
    },
    {
      title: t('application.visa.dueCol.detail'),
      dataIndex: 'detail',
      key: 'detail',
      // A stage without its own name is shown by its built-in name; a test type or cycle as it is.
      render: (v: string | null, r) =>
        r.kind !== 'language' &&
        r.kind !== 'languageFlag' &&
        r.kind !== 'ucas' &&
        VISA_STAGE_KINDS.includes(v as VisaStageKind)
          ? t(`application.visa.kinds.${v as VisaStageKind}`)
          : (v ?? '—'),
    },
  ];
  return (
    <PagedTable<DueSoon>
      columns={columns}
      query={query}
      list={list}
      emptyText={t('application.visa.thisWeekEmpty')}
      testId="week-table"
      rowKey={(r) => `${r.applicationId}-${r.kind}-${r.detail ?? ''}-${r.dueDate}`}
    />
  );
}
