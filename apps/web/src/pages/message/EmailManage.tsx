import { useTranslation } from 'react-i18next';
import { EMAIL_STATUSES, PERM, type Email } from '@study-crm/shared';
import { FilterSelect, InstantRangeFilter } from '../../components/crud/filters';
import { listFilters } from '../../components/crud/listFilters';
import { CrudList } from '../../components/crud/CrudList';
import { linkColumn, openColumn } from '../../components/crud/columns';
import { useSentList } from '../../components/crud/useSentList';
import { EMAIL_ROOT, useEmailAgents, useEmailList } from './api';
import { EmailCompose } from './EmailCompose';
import { EmailDetailDrawer } from './EmailDetailDrawer';
import { StatusSummary } from './StatusSummary';
import { formatTime } from '../../lib/format';
import type { DataColumn } from '../../components/crud/DataTable';

type Filters = {
  keyword?: string;
  // `status` on the wire; named apart from the kit's enabled/disabled status filter.
  delivery?: (typeof EMAIL_STATUSES)[number] | null;
  senderId?: number | null;
  from?: number | null;
  to?: number | null;
};

// E-mails (spec sections 2 and 3): the sent list with its delivery summary, writing a new e-mail, and the detail
// of one e-mail with each recipient's status.
export default function EmailManage() {
  const { t } = useTranslation();
  const sent = useSentList<Filters>(EMAIL_ROOT, PERM.emailAdd);
  const { list } = sent;
  const { delivery, ...params } = list.params;
  const query = useEmailList({ ...params, status: delivery });
  const agents = useEmailAgents();

  const columns: DataColumn<Email>[] = [
    linkColumn(t('message.email.subject'), 'subject', sent.open, 'email-open'),
    { title: t('message.email.sender'), dataIndex: 'sender', width: 220, ellipsis: true },
    // A narrow box hides the count (the e-mail's drawer lists the recipients), leaving the subject room.
    { title: t('message.email.recipientCount'), dataIndex: 'recipientCount', width: 110, priority: 1 },
    {
      title: t('message.email.status'),
      key: 'summary',
      width: 260,
      render: (_: unknown, row) => <StatusSummary summary={row.summary} />,
    },
    {
      title: t('message.email.time'),
      dataIndex: 'createdAt',
      width: 170,
      // A scheduled e-mail shows when it goes out.
      render: (v: number, row) =>
        row.sendAt ? t('message.email.scheduled', { time: formatTime(row.sendAt) }) : formatTime(v),
    },
    openColumn(t, {
      label: t('message.email.detail'),
      onOpen: sent.open,
      testId: 'email-detail',
      width: 100,
    }),
  ];

  return (
    <CrudList
      strings="message.email"
      {...sent.crudList}
      exportList="email"
      exportParams={{ ...params, status: delivery }}
      filters={
        <>
          {listFilters(list).enum('delivery', EMAIL_STATUSES, 'message.email.delivery', { width: 150 })}
          <FilterSelect
            list={list}
            name="senderId"
            width={220}
            placeholder={t('message.email.allSenders')}
            loading={agents.isLoading}
            options={agents.data?.map((a) => ({ value: a.id, label: a.displayName ?? a.account }))}
          />
          <InstantRangeFilter list={list} />
        </>
      }
      table={{ query, columns }}
    >
      {sent.composing && <EmailCompose {...sent.composeProps} />}
      <EmailDetailDrawer {...sent.detailProps} />
    </CrudList>
  );
}
