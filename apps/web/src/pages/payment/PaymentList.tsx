import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Col, Input, Modal, Row, Space, Statistic, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import {
  DICT_TYPES,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  PERM,
  type PaymentListItem,
  type PaymentStatus,
  type PaymentType,
  type paymentApi,
} from '@study-crm/shared';
import { DateRangeFilter, KeywordSearch, StaffFilter } from '../../components/crud/filters';
import { ExportButton } from '../../components/crud/ExportButton';
import { listFilters } from '../../components/crud/listFilters';
import { ListCard } from '../../components/crud/ListCard';
import { PagedTable } from '../../components/crud/PagedTable';
import { useListState, type ListFilters } from '../../components/crud/useListState';
import { linksColumn, personColumn } from '../../components/crud/columns';
import { usePaymentList, usePaymentMutation, usePaymentTotals } from './api';
import { formatMoney } from '../../components/money';
import { PaymentDrawer, type DrawerMode } from './PaymentDrawer';
import { StatusTag, TypeTag } from './tags';
import { useConfirm } from '../../components/form/useConfirm';
import { toast } from '../../lib/feedback';
import { useFocusReturn } from '../../components/useFocusReturn';
import { useSettings } from '../../stores/settings';
import type { DataColumn } from '../../components/crud/DataTable';

type Filters = ListFilters<typeof paymentApi.list>;

// The payment list with its per-currency totals (same filters), shared by transactions (every record) and
// userTransactions (one application's records, `applicationId`).
// The three sums of a currency's card: all payments, those still pending and those confirmed.
// Their colours reach 4.5:1 on the card in each theme (issue 42): light, dark; the colour-weak mode (whose filter
// would draw them below 4.5:1) shows them in the text colour.
const TOTALS = [
  { key: 'total', color: undefined },
  { key: 'pending', color: ['#ad4e00', '#d87a16'] },
  { key: 'confirmed', color: ['#237804', '#49aa19'] },
] as const;

export function PaymentList({ applicationId, title }: { applicationId?: number; title: string }) {
  const { t } = useTranslation();
  const theme = useSettings((s) => s.theme);
  const colorWeak = useSettings((s) => s.colorWeak);
  const ask = useConfirm();
  const list = useListState<Filters>({
    defaults: { sortField: 'transactionDate', order: 'desc' },
    queryRoot: ['payment'],
  });
  const filter = listFilters(list);
  const scope = applicationId ? { applicationId } : {};
  const { pageNum: _p, pageSize: _s, sortField: _f, order: _o, ...filterParams } = list.params;
  const query = usePaymentList({ ...list.params, ...scope });
  const totals = usePaymentTotals({ ...filterParams, ...scope });
  const mutate = usePaymentMutation();
  const [drawer, setDrawer] = useState<{ mode: DrawerMode; id?: number } | null>(null);
  // The drawer is unmounted to close, and View is replaced by Edit while open: the focus goes back to the row's
  // button or the plus button when it closes (WCAG 2.4.3).
  useFocusReturn(!!drawer);
  const [voiding, setVoiding] = useState<PaymentListItem | null>(null);
  const [reason, setReason] = useState('');
  // Each record's void dialog starts with an empty reason, however the last one was left.
  const openVoid = (r: PaymentListItem | null) => {
    setReason('');
    setVoiding(r);
  };

  const confirm = (r: PaymentListItem) =>
    ask(
      t('payment.confirmTitle'),
      async () => {
        // With the version the row was read at: an amount edited since is not locked unseen (409, the list reads
        // again).
        await mutate.mutateAsync({ action: 'confirm', body: { id: r.id, version: r.version } });
        toast.success(t('payment.confirmed'));
      },
      {
        content: t('payment.confirmText', { title: r.title, amount: formatMoney(r.amountMinor, r.currency, r.digits) }),
        okText: t('payment.action.confirm'),
        okTestId: 'pay-confirm-ok',
      },
    );

  const columns: DataColumn<PaymentListItem>[] = [
    {
      title: t('payment.col.transactionDate'),
      dataIndex: 'transactionDate',
      key: 'transactionDate',
      sorter: true,
      width: 120,
    },
    {
      title: t('payment.col.title'),
      dataIndex: 'title',
      width: 200,
      render: (v: string, r) => (
        <Typography.Link onClick={() => setDrawer({ mode: 'view', id: r.id })} ellipsis data-testid="pay-row-title">
          {v}
        </Typography.Link>
      ),
    },
    { title: t('payment.col.type'), dataIndex: 'type', width: 90, render: (v: PaymentType) => <TypeTag type={v} /> },
    {
      title: t('payment.col.amount'),
      key: 'amount',
      sorter: true,
      align: 'right',
      width: 150,
      render: (_, r) => (
        <Typography.Text type={r.type === 'refund' ? 'danger' : undefined} data-testid="pay-row-amount">
          {r.type === 'refund' ? '-' : ''}
          {formatMoney(r.amountMinor, r.currency, r.digits)}
        </Typography.Text>
      ),
    },
    {
      title: t('payment.col.status'),
      dataIndex: 'status',
      width: 170,
      render: (v: PaymentStatus) => <StatusTag status={v} />,
    },
    ...(applicationId
      ? []
      : [
          {
            title: t('payment.col.student'),
            dataIndex: 'studentName',
            width: 130,
            ellipsis: true,
            priority: 1,
          } as const,
        ]),
    // A narrow box (1280 px) shows date, title, type, amount, status and actions; the people are in the row's view.
    { ...personColumn(t('payment.col.signingTeacher'), 'signingTeacher', 140), priority: 2 },
    { ...personColumn(t('payment.col.confirmedBy'), 'confirmedBy', 130), priority: 2 },
    linksColumn<PaymentListItem>(t('payment.col.actions'), {
      width: 220,
      links: (r) => [
        { label: t('payment.action.view'), onClick: () => setDrawer({ mode: 'view', id: r.id }) },
        r.status !== 'voided' && {
          label: t('payment.action.edit'),
          perm: PERM.paymentUpdate,
          onClick: () => setDrawer({ mode: 'edit', id: r.id }),
          testId: 'pay-row-edit',
        },
        r.status === 'pending' && {
          label: t('payment.action.confirm'),
          perm: PERM.paymentConfirm,
          onClick: () => confirm(r),
          testId: 'pay-row-confirm',
        },
        r.status !== 'voided' && {
          label: t('payment.action.void'),
          perm: PERM.paymentVoid,
          danger: true,
          onClick: () => openVoid(r),
          testId: 'pay-row-void',
        },
      ],
    }),
  ];

  const currencies = totals.data?.currencies ?? [];
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="pay-totals">
        {currencies.length === 0 && (
          <Col span={24}>
            <Card size="small">
              <Typography.Text type="secondary">{t('payment.noTotals')}</Typography.Text>
            </Card>
          </Col>
        )}
        {currencies.map((c) => (
          <Col key={c.currency} xs={24} md={12} xl={8}>
            <Card
              size="small"
              title={c.currency}
              extra={t('payment.totals.count', { n: c.count })}
              data-testid={`pay-total-${c.currency}`}
            >
              <Row gutter={8}>
                {TOTALS.map(({ key, color }) => (
                  <Col key={key} span={8}>
                    <Statistic
                      title={t(`payment.totals.${key}`)}
                      value={formatMoney(c[`${key}Minor`], c.currency, c.digits)}
                      styles={{
                        content: { fontSize: 16, color: colorWeak ? undefined : color?.[theme === 'dark' ? 1 : 0] },
                      }}
                    />
                  </Col>
                ))}
              </Row>
            </Card>
          </Col>
        ))}
      </Row>
      <ListCard
        title={title}
        add={{
          perm: PERM.paymentAdd,
          label: t('payment.add'),
          onClick: () => setDrawer({ mode: 'new' }),
          testId: 'pay-add',
        }}
      >
        <Space wrap style={{ marginBottom: 16 }}>
          {!applicationId && <KeywordSearch list={list} placeholder={t('payment.searchPlaceholder')} width={200} />}
          {filter.enum('type', PAYMENT_TYPES, 'payment.type', { width: 120, placeholder: t('payment.col.type') })}
          {filter.enum('status', PAYMENT_STATUSES, 'payment.status', {
            width: 150,
            placeholder: t('payment.col.status'),
          })}
          {filter.dict('currency', DICT_TYPES.currency, t('payment.allCurrencies'), { width: 130 })}
          {!applicationId && <StaffFilter list={list} name="teacherId" placeholder={t('payment.teacher')} />}
          <DateRangeFilter list={list} />
          <Button onClick={list.reset}>{t('crud.reset')}</Button>
          {/* Export (issue 39) of every record (payment:list); one application's screen keeps its own permission. */}
          {!applicationId && <ExportButton list="payment" params={list.params} testId="pay-export" />}
        </Space>
        <PagedTable columns={columns} query={query} list={list} strings="payment" testId="pay-table" />
      </ListCard>
      {drawer && (
        <PaymentDrawer
          key={`${drawer.mode}-${drawer.id ?? 'new'}`}
          mode={drawer.mode}
          id={drawer.id}
          applicationId={applicationId}
          onEdit={() => setDrawer({ mode: 'edit', id: drawer.id })}
          onClose={() => setDrawer(null)}
        />
      )}
      <Modal
        open={!!voiding}
        title={t('payment.voidTitle')}
        okText={t('payment.action.void')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, disabled: !reason.trim(), 'data-testid': 'pay-void-ok' } as ButtonProps}
        onCancel={() => openVoid(null)}
        // One void at a time: a second click while the first is on its way would be refused as already voided.
        confirmLoading={mutate.isPending}
        destroyOnHidden
        onOk={async () => {
          if (!voiding) return;
          await mutate.mutateAsync({ action: 'void', body: { id: voiding.id, reason } });
          toast.success(t('payment.voided'));
          openVoid(null);
        }}
      >
        <Typography.Paragraph>{voiding?.title}</Typography.Paragraph>
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder={t('payment.voidReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="pay-void-reason"
        />
      </Modal>
    </>
  );
}
