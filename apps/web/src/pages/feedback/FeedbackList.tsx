import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Space, Tag, Typography } from 'antd';
import { FEEDBACK_STATUSES, type FeedbackItem, type FeedbackStatus } from '@study-crm/shared';
import { CrudList } from '../../components/crud/CrudList';
import { linkColumn, openColumn } from '../../components/crud/columns';
import { EnumFilter, InstantRangeFilter } from '../../components/crud/filters';
import { useListState } from '../../components/crud/useListState';
import { useScreenActive } from '../../components/crud/screenActive';
import { FEEDBACK_ROOT, phoneOf, useFeedbackList } from './api';
import { formatTime } from '../../lib/format';
import { FeedbackDrawer } from './FeedbackDrawer';
import type { DataColumn } from '../../components/crud/DataTable';
import { useIdParam } from '../../navigation/useScreen';

type Filters = {
  keyword?: string;
  // `status` on the wire; named apart from the kit's enabled/disabled status filter.
  state?: FeedbackStatus | null;
  from?: number | null;
  to?: number | null;
};

// Feedback (spec section 2): the list with sender, excerpt, message time, status and reply time; filters by
// status and date, search, an Excel export of the filtered list, and the detail drawer with the reply thread.
// The to-do link (/feedbackManage/feedback?id=…) opens the drawer of that feedback.
export default function FeedbackList() {
  const { t } = useTranslation();
  const list = useListState<Filters>({ queryRoot: [FEEDBACK_ROOT] });
  const { state, ...params } = list.params;
  const filterParams = { ...params, status: state };
  const query = useFeedbackList(filterParams);
  const active = useScreenActive();
  // The to-do's link names a feedback: its drawer opens once, until it is closed.
  const linked = useIdParam() ?? null;
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const detailId = opened ?? (linked !== dismissed ? linked : null);

  const close = () => {
    setOpened(null);
    setDismissed(linked);
  };

  const columns: DataColumn<FeedbackItem>[] = [
    {
      title: t('feedback.sender'),
      key: 'sender',
      width: 230,
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{row.name}</Typography.Text>
          {row.email && <Typography.Text type="secondary">{row.email}</Typography.Text>}
          {row.mobile && <Typography.Text type="secondary">{phoneOf(row)}</Typography.Text>}
        </Space>
      ),
    },
    linkColumn(t('feedback.content'), 'excerpt', (row) => setOpened(row.id), 'feedback-open'),
    { title: t('feedback.time'), dataIndex: 'createdAt', width: 160, render: formatTime },
    {
      title: t('feedback.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: FeedbackStatus) => (
        <Tag color={s === 'answered' ? 'green' : 'orange'} data-testid={`feedback-status-${s}`}>
          {t(`feedback.state.${s}`)}
        </Tag>
      ),
    },
    { title: t('feedback.replyTime'), dataIndex: 'repliedAt', width: 160, render: formatTime },
    openColumn(t, { label: t('feedback.detail'), onOpen: (row) => setOpened(row.id), testId: 'feedback-detail' }),
  ];

  return (
    <CrudList
      strings="feedback"
      list={list}
      toolbar={{ keywordWidth: 280 }}
      exportList="feedback"
      exportParams={filterParams}
      filters={
        <>
          <EnumFilter list={list} name="state" values={FEEDBACK_STATUSES} labels="feedback.state" width={150} />
          <InstantRangeFilter list={list} />
        </>
      }
      table={{ query, columns }}
    >
      {/* Tabs keep hidden screens mounted: the drawer (drawn over the page) shows only with its screen. */}
      <FeedbackDrawer id={active ? detailId : null} onClose={close} />
    </CrudList>
  );
}
