import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Card, DatePicker, Input, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { APPLICATION_DICT, PERM, displayName, type ApplicationListItem } from '@study-crm/shared';
import { useCanOpen } from '../../app/useScreen';
import { Permission } from '../../components/Permission';
import { useApplicationList, useStaffOptions, type ListParams } from './api';
import { DictBadge, DictSelect } from '../../components/dict';
import { PATHS } from './paths';
import { TeachersCell } from './TeachersCell';

// The home screen: every application with what a consultant scans first.
export default function ApplicationList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Row actions only for screens in the member's menu that this build has (payments: once that screen exists).
  const canOpen = useCanOpen();
  const hasPayments = canOpen(PATHS.transactions);
  const hasDetail = canOpen(PATHS.detail());
  const hasFollow = canOpen(PATHS.followScreen);
  const hasFiles = canOpen(PATHS.filesScreen);
  const [params, setParams] = useState<ListParams>({ pageNum: 1, pageSize: 20 });
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const { data, isLoading, isFetching, isPlaceholderData } = useApplicationList(params);
  const staff = useStaffOptions();
  const set = (p: Partial<ListParams>) => setParams((old) => ({ ...old, ...p, pageNum: p.pageNum ?? 1 }));

  const columns: TableProps<ApplicationListItem>['columns'] = [
    {
      title: t('application.col.applicationDate'),
      dataIndex: 'applicationDate',
      key: 'applicationDate',
      sorter: true,
      width: 130,
      sortOrder:
        (params.sortField ?? 'applicationDate') === 'applicationDate'
          ? params.order === 'asc'
            ? 'ascend'
            : 'descend'
          : null,
    },
    {
      title: t('application.col.student'),
      key: 'name',
      sorter: true,
      sortOrder: params.sortField === 'name' ? (params.order === 'asc' ? 'ascend' : 'descend') : null,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          {hasDetail ? (
            <Typography.Link onClick={() => navigate(PATHS.detail(r.id))} data-testid="app-row-name">
              {r.name}
            </Typography.Link>
          ) : (
            <Typography.Text data-testid="app-row-name">{r.name}</Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[displayName({ engLastName: r.engLastName, engFirstName: r.engFirstName }, ''), r.email]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('application.col.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      width: 140,
      sortOrder: params.sortField === 'status' ? (params.order === 'asc' ? 'ascend' : 'descend') : null,
      render: (v: string) => <DictBadge type={APPLICATION_DICT.status} value={v} />,
    },
    {
      title: t('application.col.targetSchools'),
      key: 'targetSchools',
      render: (_, r) =>
        r.targetSchools.length ? (
          <Space size={[0, 4]} wrap>
            {r.targetSchools.slice(0, 3).map((s, i) => (
              <Tag key={i}>{s}</Tag>
            ))}
            {r.targetSchools.length > 3 && <Tag>+{r.targetSchools.length - 3}</Tag>}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('application.col.teachers'),
      key: 'teachers',
      width: 200,
      render: (_, r) => <TeachersCell signing={r.signingTeacher} follow={r.followTeacher} />,
    },
    {
      title: t('application.col.completion'),
      key: 'completion',
      width: 150,
      render: (_, r) => (
        <Progress
          percent={r.completionRatio}
          size="small"
          format={(p) => `${p}% (${r.followDone}/${r.followTotal})`}
          data-testid="app-row-ratio"
        />
      ),
    },
    {
      title: t('application.col.actions'),
      key: 'actions',
      width: 240,
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

  const onTableChange: TableProps<ApplicationListItem>['onChange'] = (pagination, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = s?.order ? String(s.columnKey) : undefined;
    setParams((old) => ({
      ...old,
      pageNum: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? 20,
      sortField: field,
      order: s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : undefined,
    }));
  };

  return (
    <Card
      title={t('application.listTitle')}
      extra={
        <Permission perm={PERM.applicationAdd}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(PATHS.detail())}
            data-testid="app-create"
          >
            {t('application.create')}
          </Button>
        </Permission>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={t('application.searchPlaceholder')}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
          data-testid="app-search"
        />
        <DictSelect
          type={APPLICATION_DICT.status}
          style={{ width: 190 }}
          placeholder={t('application.col.status')}
          onChange={(v?: string) => set({ status: v })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 180 }}
          placeholder={t('application.teacher')}
          loading={staff.isLoading}
          options={staff.data?.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(v?: number) => set({ teacherId: v })}
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => {
            setRange(v);
            set({
              dateFrom: v?.[0] ? v[0].format('YYYY-MM-DD') : undefined,
              dateTo: v?.[1] ? v[1].format('YYYY-MM-DD') : undefined,
            });
          }}
          presets={[
            { label: t('application.last30'), value: [dayjs().subtract(30, 'day'), dayjs()] },
            { label: t('application.thisYear'), value: [dayjs().startOf('year'), dayjs()] },
          ]}
        />
      </Space>
      <Table<ApplicationListItem>
        rowKey="id"
        size="middle"
        loading={isLoading || (isFetching && isPlaceholderData)}
        columns={columns}
        dataSource={data?.list ?? []}
        onChange={onTableChange}
        locale={{ emptyText: t('application.empty') }}
        pagination={{
          current: params.pageNum,
          pageSize: params.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('application.total', { n }),
        }}
        data-testid="app-table"
      />
    </Card>
  );
}
