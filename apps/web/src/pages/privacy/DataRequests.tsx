import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DatePicker, Form, Input, Progress, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Code,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_STATUSES,
  PERM,
  type BackgroundJob,
  type DataRequest,
  type DataRequestKind,
  type DataRequestStatus,
} from '@study-crm/shared';
import { ApiError } from '../../api/client';
import { CrudList } from '../../components/crud/CrudList';
import { linksColumn } from '../../components/crud/columns';
import type { DataColumn } from '../../components/crud/DataTable';
import { EnumSelect } from '../../components/crud/EnumSelect';
import { EnumFilter } from '../../components/crud/filters';
import { FormModal } from '../../components/crud/FormModal';
import { useListState } from '../../components/crud/useListState';
import { toast } from '../../lib/feedback';
import { formatTime } from '../../lib/format';
import { downloadJob } from '../../components/crud/jobs';
import { PRIVACY_ROOT, useAddRequest, useCompleteRequest, useDataRequests, useExportData } from './api';
import { daysLeft, isAfterUkToday, ukToday } from './requestDays';
import { SubjectSelect } from './SubjectSelect';

type Filters = { keyword?: string; kind?: DataRequestKind | null; state?: DataRequestStatus | null };
type FormValues = { subjectId: number; kind: DataRequestKind; receivedDate?: string | null; note?: string | null };

const dateItem = {
  getValueProps: (v?: string | null) => ({ value: v ? dayjs(v) : null }),
  normalize: (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

// Data requests (issue 41, UK GDPR): each request to see or erase a person's data with its one-month due date, who
// answers it and its completion; the subject access export of the person (a background job, decision 199), with its
// progress and download (the finished export's message-box link downloads it too).
export default function DataRequests() {
  const { t } = useTranslation();
  const list = useListState<Filters>({ queryRoot: [PRIVACY_ROOT] });
  const { state, ...params } = list.params;
  const query = useDataRequests({ ...params, status: state });
  const add = useAddRequest();
  const complete = useCompleteRequest();
  const exportData = useExportData();
  const [adding, setAdding] = useState(false);
  const download = async (e: BackgroundJob) => {
    try {
      await downloadJob(e.id, e.fileName ?? undefined);
    } catch (err) {
      if (!(err instanceof ApiError)) toast.error(t('privacy.request.exportStatus.failed'));
    }
  };

  const dueCell = (r: DataRequest) => {
    if (r.status === 'done') return <span>{r.dueDate}</span>;
    const left = daysLeft(r.dueDate);
    const note =
      left < 0
        ? t('privacy.request.overdue', { n: -left })
        : left === 0
          ? t('privacy.request.dueToday')
          : t('privacy.request.daysLeft', { n: left });
    return (
      <Space size={4} wrap>
        <span>{r.dueDate}</span>
        <Tag color={left < 0 ? 'red' : left <= 7 ? 'orange' : 'blue'} data-testid={`request-due-${r.id}`}>
          {note}
        </Tag>
      </Space>
    );
  };

  const exportCell = (e: BackgroundJob | null) => {
    if (!e) return '-';
    if (e.status === 'queued' || e.status === 'running')
      return (
        <Progress
          percent={e.total > 0 ? Math.floor((e.done / e.total) * 100) : 0}
          size="small"
          aria-label={t('privacy.request.progress')}
        />
      );
    if (e.status === 'failed') return <Tag color="red">{t('privacy.request.exportStatus.failed')}</Tag>;
    if (e.expiresAt !== null && e.expiresAt <= Date.now()) return <Tag>{t('privacy.request.expired')}</Tag>;
    return (
      <Button size="small" onClick={() => void download(e)} data-testid={`export-download-${e.id}`}>
        {t('privacy.request.download')}
      </Button>
    );
  };

  const columns: DataColumn<DataRequest>[] = [
    {
      title: t('privacy.request.subject'),
      key: 'subject',
      render: (_: unknown, r) => <Typography.Text strong>{r.subject.name}</Typography.Text>,
    },
    {
      title: t('privacy.request.kind'),
      dataIndex: 'kind',
      width: 90,
      render: (k: DataRequestKind) => (
        <Tag color={k === 'erasure' ? 'magenta' : 'geekblue'}>{t(`privacy.request.kinds.${k}`)}</Tag>
      ),
    },
    { title: t('privacy.request.receivedDate'), dataIndex: 'receivedDate', width: 110, priority: 2 },
    { title: t('privacy.request.dueDate'), key: 'dueDate', width: 200, render: (_: unknown, r) => dueCell(r) },
    {
      title: t('privacy.request.assignee'),
      key: 'assignee',
      width: 140,
      priority: 1,
      render: (_: unknown, r) => r.assignee?.name ?? '-',
    },
    {
      title: t('privacy.request.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: DataRequestStatus, r) =>
        s === 'done' ? (
          <span title={formatTime(r.completedAt)}>
            <Tag color="green">{t('privacy.request.statuses.done')}</Tag>
          </span>
        ) : (
          <Tag color="orange">{t('privacy.request.statuses.open')}</Tag>
        ),
    },
    {
      title: t('privacy.request.lastExport'),
      key: 'lastExport',
      width: 150,
      render: (_: unknown, r) => exportCell(r.lastExport),
    },
    linksColumn<DataRequest>(t('privacy.request.actions'), {
      width: 200,
      fixed: 'right',
      wrap: true,
      links: (r) => [
        // The server takes an export only for an open access request.
        r.kind === 'access' &&
          r.status === 'open' && {
            label: t('privacy.request.export'),
            perm: PERM.privacyExport,
            testId: `request-export-${r.id}`,
            onClick: () =>
              void exportData
                .mutateAsync({ subjectId: r.subject.id, requestId: r.id })
                .then(() => toast.success(t('privacy.request.exportStarted')))
                .catch(() => undefined),
          },
        r.status === 'open' && {
          label: t('privacy.request.complete'),
          perm: PERM.privacyUpdate,
          testId: `request-complete-${r.id}`,
          confirm: {
            title: t('privacy.request.completeConfirm'),
            onConfirm: () =>
              void complete
                .mutateAsync({ id: r.id })
                .then(() => toast.success(t('privacy.request.completed')))
                .catch(() => undefined),
          },
        },
      ],
    }),
  ];

  return (
    <CrudList
      strings="privacy.request"
      list={list}
      add={{ perm: PERM.privacyAdd, onClick: () => setAdding(true) }}
      filters={
        <>
          <EnumFilter
            list={list}
            name="kind"
            values={DATA_REQUEST_KINDS}
            labels="privacy.request.kinds"
            placeholder={t('privacy.request.allKinds')}
            width={130}
          />
          <EnumFilter
            list={list}
            name="state"
            values={DATA_REQUEST_STATUSES}
            labels="privacy.request.statuses"
            width={130}
          />
        </>
      }
      table={{ query, columns }}
    >
      <FormModal<FormValues>
        open={adding}
        record="new"
        title={t('privacy.request.add')}
        initialValues={{ kind: 'access', receivedDate: ukToday() }}
        inlineCodes={[Code.DATA_REQUEST_OPEN]}
        onSubmit={(v) => add.mutateAsync({ ...v })}
        onClose={() => setAdding(false)}
        testId="request-form"
      >
        <Form.Item
          name="subjectId"
          label={t('privacy.request.subject')}
          rules={[{ required: true, message: t('crud.requiredSelect', { field: t('privacy.request.subject') }) }]}
        >
          <SubjectSelect />
        </Form.Item>
        <Form.Item name="kind" label={t('privacy.request.kind')} rules={[{ required: true }]}>
          <EnumSelect values={DATA_REQUEST_KINDS} labels="privacy.request.kinds" testId="request-kind" />
        </Form.Item>
        <Form.Item
          name="receivedDate"
          label={t('privacy.request.receivedDate')}
          extra={t('privacy.request.dueHint')}
          {...dateItem}
        >
          <DatePicker
            style={{ width: '100%' }}
            format="YYYY-MM-DD"
            disabledDate={(d) => isAfterUkToday(d)}
            data-testid="request-received"
          />
        </Form.Item>
        <Form.Item name="note" label={t('privacy.request.note')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormModal>
    </CrudList>
  );
}
