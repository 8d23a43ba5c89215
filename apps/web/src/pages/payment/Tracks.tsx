import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Descriptions, InputNumber, Modal, Skeleton, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { TRACK_OPERATIONS, type Track, type TrackChange, type TrackOperation, type trackApi } from '@study-crm/shared';
import { InstantRangeFilter, StaffFilter } from '../../components/crud/filters';
import { listFilters } from '../../components/crud/listFilters';
import { ListCard } from '../../components/crud/ListCard';
import { PagedTable } from '../../components/crud/PagedTable';
import { useListState, type ListFilters } from '../../components/crud/useListState';
import { useTracks, useTrackView } from './api';
import { DataTable, type DataColumn } from '../../components/crud/DataTable';
import { personColumn } from '../../components/crud/columns';
import { ExportButton } from '../../components/crud/ExportButton';
import { useChangeText } from '../../components/audit/changeText';

type Filters = ListFilters<typeof trackApi.list>;

const OP_COLOR: Record<TrackOperation, string> = {
  create: 'blue',
  update: 'gold',
  confirm: 'green',
  void: 'red',
  attach: 'cyan',
  removeAttachment: 'magenta',
};

function OperationTag({ op }: { op: TrackOperation }) {
  const { t } = useTranslation();
  return <Tag color={OP_COLOR[op]}>{t(`payment.op.${op}`)}</Tag>;
}

function ChangesTable({ changes }: { changes: TrackChange[] }) {
  const { t } = useTranslation();
  // The payment record's labels and option names, shared with its History and the operation log (decision 248).
  const { field, value } = useChangeText(
    'paymentRecord',
    changes.map((c) => c.field),
  );
  const columns: DataColumn<TrackChange & { key: number }>[] = [
    { title: t('payment.track.field'), dataIndex: 'field', width: 140, render: (f: string) => field(f) },
    { title: t('payment.track.before'), key: 'before', render: (_, r) => value(r.field, r.before) },
    { title: t('payment.track.after'), key: 'after', render: (_, r) => value(r.field, r.after) },
  ];
  return (
    <DataTable
      size="small"
      rowKey="key"
      loading={false}
      empty={t('crud.empty')}
      columns={columns}
      rows={changes.map((c, key) => ({ ...c, key }))}
      testId="track-changes"
    />
  );
}

// tracks: the payment operation log, filtered by record, operator, operation and date; one entry opens with its diff.
export default function Tracks() {
  const { t } = useTranslation();
  const list = useListState<Filters>({ defaults: { order: 'desc' }, queryRoot: ['track'] });
  const query = useTracks(list.params);
  const { field } = useChangeText('paymentRecord');
  const [open, setOpen] = useState<number | undefined>();
  const entry = useTrackView(open);
  const { filters } = list;
  const filter = listFilters(list);

  const columns: DataColumn<Track>[] = [
    {
      title: t('payment.track.time'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    personColumn(t('payment.track.operator'), 'operator', 150),
    {
      title: t('payment.track.operation'),
      dataIndex: 'operation',
      width: 130,
      render: (v: TrackOperation) => <OperationTag op={v} />,
    },
    {
      title: t('payment.track.payment'),
      key: 'payment',
      width: 220,
      render: (_, r) => `#${r.paymentId} ${r.paymentTitle ?? ''}`,
    },
    {
      title: t('payment.track.changes'),
      key: 'changes',
      render: (_, r) => r.changes.map((c) => field(c.field)).join(', ') || '-',
    },
    {
      title: t('payment.col.actions'),
      key: 'actions',
      width: 90,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid="track-row-view">
          {t('payment.action.view')}
        </Button>
      ),
    },
  ];

  return (
    <ListCard title={t('payment.tracksTitle')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <InputNumber
          min={1}
          style={{ width: 180 }}
          placeholder={t('payment.track.paymentId')}
          value={filters.paymentId ?? null}
          onChange={(v) => list.apply({ paymentId: v ?? undefined })}
          data-testid="track-payment-filter"
        />
        <StaffFilter list={list} name="operatorId" placeholder={t('payment.track.operator')} />
        {filter.enum('operation', TRACK_OPERATIONS, 'payment.op', { placeholder: t('payment.track.operation') })}
        {/* The member's own days, as instants: the rows show local times (decision 346). */}
        <InstantRangeFilter list={list} />
        <Button onClick={list.reset}>{t('crud.reset')}</Button>
        <ExportButton list="track" params={list.params} testId="track-export" />
      </Space>
      <PagedTable columns={columns} query={query} list={list} strings="payment.track" testId="track-table" />
      <Modal
        open={open !== undefined}
        title={t('payment.track.detail')}
        footer={null}
        width={640}
        onCancel={() => setOpen(undefined)}
        destroyOnHidden
      >
        {!entry.data ? (
          <Skeleton active />
        ) : (
          <>
            <Descriptions column={2} size="small" style={{ marginBottom: 16 }} data-testid="track-detail">
              <Descriptions.Item label={t('payment.track.time')}>
                {dayjs(entry.data.createdAt).format('YYYY-MM-DD HH:mm:ss')}
              </Descriptions.Item>
              <Descriptions.Item label={t('payment.track.operator')}>
                {entry.data.operator?.name ?? '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('payment.track.operation')}>
                <OperationTag op={entry.data.operation} />
              </Descriptions.Item>
              <Descriptions.Item label={t('payment.track.payment')}>
                #{entry.data.paymentId} {entry.data.paymentTitle}
              </Descriptions.Item>
            </Descriptions>
            <ChangesTable changes={entry.data.changes} />
          </>
        )}
      </Modal>
    </ListCard>
  );
}
