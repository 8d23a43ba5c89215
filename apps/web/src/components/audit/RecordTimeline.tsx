import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  auditApi,
  type AuditChange,
  type AuditRef,
  type TimelineEvent,
  type TimelineKind,
  type TimelineRecordType,
} from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { useChangeText } from './changeText';

const KIND_COLOR: Record<TimelineKind, string> = {
  change: 'blue',
  followUp: 'purple',
  email: 'cyan',
  sms: 'geekblue',
  file: 'gold',
  payment: 'green',
};

// A record's history (decision 180), newest first, a page at a time: every write of any screen may add to it.
export function useTimeline(recordType: TimelineRecordType, recordId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['audit', 'timeline', recordType, recordId],
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      fetchData(auditApi.timeline, { recordType, recordId, cursor: pageParam, pageSize: 20 }, { signal }),
    getNextPageParam: (last) => last.next,
    meta: { reads: ['*'] },
  });
}

function useLabel() {
  const { t, i18n } = useTranslation();
  const text = t as unknown as (key: string, o?: Record<string, unknown>) => string;
  return (key: string, fallback: string) => (i18n.exists(key) ? text(key) : fallback);
}

function money(minor: number, currency: string, locale: string): string {
  try {
    const f = new Intl.NumberFormat(locale, { style: 'currency', currency });
    return f.format(minor / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${minor} ${currency}`;
  }
}

// Each changed field with its form's label and its values as the form shows them (decision 248).
// A person's or cycle's id by its name, from the server's names for the page (decision 250).
function Changes({
  recordType,
  changes,
  refs,
}: {
  recordType: TimelineRecordType;
  changes: AuditChange[];
  refs: readonly AuditRef[];
}) {
  const { t } = useTranslation();
  const shown = changes.slice(0, 30);
  const { field: fieldName, value } = useChangeText(
    recordType,
    shown.map((c) => c.field),
    refs,
  );
  return (
    <ul className="timeline-changes" style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
      {shown.map((c, i) => (
        <li key={i}>
          <Typography.Text strong>{fieldName(c.field)}</Typography.Text>{' '}
          {c.secret ? (
            <Typography.Text type="secondary">{t('audit.secretChanged')}</Typography.Text>
          ) : (
            <>
              <Typography.Text delete type="secondary">
                {value(c.field, c.before)}
              </Typography.Text>
              {' → '}
              <Typography.Text>{value(c.field, c.after)}</Typography.Text>
            </>
          )}
        </li>
      ))}
      {changes.length > 30 && <li>{t('audit.timeline.moreChanges', { n: changes.length - 30 })}</li>}
    </ul>
  );
}

function EventBody({
  recordType,
  e,
  refs,
}: {
  recordType: TimelineRecordType;
  e: TimelineEvent;
  refs: readonly AuditRef[];
}) {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const title = (() => {
    if (e.kind !== 'change') return e.title;
    const [module = '', action = ''] = e.title.split('.');
    return `${label(`audit.module.${module}`, module)} · ${label(`audit.action.${action}`, action)}`;
  })();
  const detail = (() => {
    if (!e.detail) return null;
    if (e.kind === 'email' || e.kind === 'sms') return label(`audit.timeline.delivery.${e.detail}`, e.detail);
    if (e.kind === 'payment') {
      const [type = '', status = ''] = e.detail.split(':');
      return `${label(`audit.timeline.payment.${type}`, type)} · ${label(`audit.timeline.payment.${status}`, status)}`;
    }
    return e.detail;
  })();
  return (
    <div data-testid="timeline-event" data-kind={e.kind}>
      <Space size={6} wrap>
        <Tag color={KIND_COLOR[e.kind]}>{t(`audit.timeline.kind.${e.kind}`)}</Tag>
        <Typography.Text strong>{title}</Typography.Text>
        {e.amount && <Typography.Text>{money(e.amount.minor, e.amount.currency, i18n.language)}</Typography.Text>}
        {detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
      </Space>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {dayjs(e.at).format('YYYY-MM-DD HH:mm:ss')}
          {e.actor && ` · ${e.actor.name}`}
        </Typography.Text>
      </div>
      {e.changes.length > 0 && <Changes recordType={recordType} changes={e.changes} refs={refs} />}
    </div>
  );
}

// The record's history in a list of events (antd Timeline), loading older pages on demand.
export function RecordTimeline({ recordType, recordId }: { recordType: TimelineRecordType; recordId: number }) {
  const { t } = useTranslation();
  const q = useTimeline(recordType, recordId, true);
  if (q.isLoading) return <Skeleton active />;
  const events = q.data?.pages.flatMap((p) => p.events) ?? [];
  const refs = q.data?.pages.flatMap((p) => p.refs) ?? [];
  if (!events.length) return <Empty description={t('audit.timeline.empty')} />;
  return (
    <div data-testid="record-timeline">
      <Timeline
        items={events.map((e) => ({
          key: e.key,
          color: KIND_COLOR[e.kind],
          content: <EventBody recordType={recordType} e={e} refs={refs} />,
        }))}
      />
      {q.hasNextPage && (
        <Button block loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {t('audit.timeline.more')}
        </Button>
      )}
    </div>
  );
}

// The "History" button of a record's detail and the drawer it opens.
export function TimelineButton({ recordType, recordId }: { recordType: TimelineRecordType; recordId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)} data-testid="timeline-open">
        {t('audit.timeline.open')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        size={640}
        title={t('audit.timeline.title')}
        data-testid="timeline-drawer"
        destroyOnHidden
      >
        {open && <RecordTimeline recordType={recordType} recordId={recordId} />}
      </Drawer>
    </>
  );
}
