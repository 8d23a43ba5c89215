import { useTranslation } from 'react-i18next';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { Contribution, contributionApi } from '@study-crm/shared';
import { DateRangeFilter } from '../../components/crud/filters';
import { ExportButton } from '../../components/crud/ExportButton';
import { PagedTable } from '../../components/crud/PagedTable';
import { useListState, type ListFilters } from '../../components/crud/useListState';
import { kpiName, useContributions, useKpiSummary } from './api';
import { DataTable, type DataColumn } from '../../components/crud/DataTable';

type Filters = ListFilters<typeof contributionApi.list>;

// Contribution records (one per done task) with the points of what the filters select, and the KPI summary of the
// past 30 days (spec section 9) per member: points and the score weighted by KPI type.
export default function ContributionList() {
  const { t, i18n } = useTranslation();
  const list = useListState<Filters>({ queryRoot: ['contributions'] });
  const query = useContributions(list.params);
  const summary = useKpiSummary(null);

  const columns: DataColumn<Contribution>[] = [
    { title: t('task.col.day'), dataIndex: 'contributedOn', width: 120 },
    { title: t('task.col.member'), key: 'member', width: 140, render: (_, r) => r.member.name },
    { title: t('task.col.title'), dataIndex: 'title', ellipsis: true },
    // A narrow box keeps day, member, task and points.
    { title: t('task.col.project'), dataIndex: 'projectName', width: 160, ellipsis: true, priority: 1 },
    {
      title: t('task.col.kpiType'),
      key: 'kpi',
      width: 160,
      priority: 2,
      render: (_: unknown, r) => (r.kpiType ? kpiName(r.kpiType, i18n.language) : '—'),
    },
    { title: t('task.col.points'), dataIndex: 'points', width: 90 },
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card title={t('task.contributions')} data-testid="contribution-list">
          <div style={{ marginBottom: 16, display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
            <DateRangeFilter list={list} from="dateFrom" to="dateTo" />
            <Statistic
              title={t('task.totalPoints')}
              value={query.data?.totalPoints ?? 0}
              data-testid="contribution-total"
            />
            <ExportButton list="contribution" params={list.params} testId="contribution-export" />
          </div>
          <PagedTable
            {...{ columns, query, list }}
            emptyText={t('task.noContributions')}
            noMatchText={t('task.noMatch')}
            testId="contribution-table"
          />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('task.kpiSummary')} data-testid="kpi-summary">
          <DataTable
            rowKey={(r) => r.staff.id}
            size="small"
            loading={summary.isFetching}
            rows={summary.data?.rows ?? []}
            empty={t('task.noContributions')}
            columns={[
              { title: t('task.col.member'), key: 'member', render: (_, r) => r.staff.name },
              { title: t('task.col.points'), dataIndex: 'points', width: 70 },
              { title: t('task.col.score'), dataIndex: 'score', width: 80 },
            ]}
          />
          {/* The theme's secondary text, not a faded one (issue 42: the colour-weak mode drew it at 3.2:1). */}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
            {summary.data ? `${summary.data.from} – ${summary.data.to}. ` : ''}
            {t('task.kpiHint')}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
