import { Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { EMAIL_STATUSES } from '@study-crm/shared';
import type { DataColumn } from './crud/DataTable';

// What the delivery outbox says of each recipient (e-mail and SMS alike): its status, attempts, error and time sent.
// Only an e-mail's recipients may be cancelled (send later).
export type DeliveryStatus = (typeof EMAIL_STATUSES)[number];
type DeliveryRow = {
  status: DeliveryStatus;
  attempts: number;
  error: string | null;
  detail?: string | null;
  sentAt: number | null;
};

export const DELIVERY_COLORS = {
  sent: 'success',
  failed: 'error',
  queued: 'default',
  sending: 'processing',
  cancelled: 'warning',
} as const;

export function deliveryColumns<R extends DeliveryRow>(opts: {
  labels: { status: string; attempts: string; error: string; sentAt: string };
  statusName: (status: R['status']) => string;
  statusTestId: (status: R['status']) => string;
}): DataColumn<R>[] {
  const { labels } = opts;
  return [
    {
      title: labels.status,
      dataIndex: 'status',
      width: 110,
      render: (s: R['status']) => (
        <Tag color={DELIVERY_COLORS[s]} data-testid={opts.statusTestId(s)}>
          {opts.statusName(s)}
        </Tag>
      ),
    },
    { title: labels.attempts, dataIndex: 'attempts', width: 100 },
    {
      title: labels.error,
      dataIndex: 'error',
      render: (v: string | null, row: R) =>
        v ? (
          <Tooltip title={row.detail}>
            {/* A failure in red; a note on a row still under way (handed to the provider, its result not recorded:
                decision 365) as a warning. */}
            <Typography.Text type={row.status === 'failed' ? 'danger' : 'warning'}>{v}</Typography.Text>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      title: labels.sentAt,
      dataIndex: 'sentAt',
      width: 160,
      render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—'),
    },
  ];
}

// A message's recipients per delivery status, one tag for each status any recipient is in (the counts the outbox
// keeps; no address).
export function DeliveryCounts(props: {
  summary: Partial<Record<DeliveryStatus, number>>;
  statusName: (status: DeliveryStatus) => string;
  testId: string;
}) {
  const shown = EMAIL_STATUSES.filter((s) => (props.summary[s] ?? 0) > 0);
  return (
    <Space size={4} wrap role="status" data-testid={props.testId}>
      {shown.map((s) => (
        <Tag key={s} color={DELIVERY_COLORS[s]} data-testid={`${props.testId}-${s}`}>
          {`${props.statusName(s)} ${props.summary[s]}`}
        </Tag>
      ))}
    </Space>
  );
}
