import { useTranslation } from 'react-i18next';
import { Alert, Modal, Typography, type ButtonProps } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { erasureApi, type ErasureItem, type MemberListItem } from '@study-crm/shared';
import { call, fetchData } from '../../api/call';
import { invalidateDomains, type QueryDomain } from '../../lib/queryDomains';
import { toastSuccess } from '../../lib/feedback';
import { DataTable, type DataColumn } from '../../components/crud/DataTable';
import { useConfirm } from '../../components/form/useConfirm';
import { QueryPending } from '../../components/QueryPending';

type Labelled = 'eraseWhat' | 'eraseAction' | 'eraseWhy';

// An erasure changes the person's records in every module that holds them: their lists, views and totals (and the
// operation log, which reads every domain) are read again in every open tab.
export const ERASURE_TOUCHES: readonly QueryDomain[] = [
  'members',
  'member',
  'application',
  'payment',
  'track',
  'feedback',
  'emails',
  'sms',
  'dataRequests',
  'messageBox',
  'audit',
];

// "Erase personal data" (issue 41): the server's dry run first (what each module erases, anonymises or keeps, and
// why; or what stands in the way), then the erasure after a confirmation.
export function ErasureDialog({ member, onClose }: { member: MemberListItem | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const qc = useQueryClient();
  const plan = useQuery({
    queryKey: ['members', 'erasurePlan', member?.id],
    queryFn: () => fetchData(erasureApi.plan, { id: member!.id }),
    enabled: Boolean(member),
    gcTime: 0,
  });
  const erase = useMutation({
    mutationFn: (id: number) => call(erasureApi.erase, { id }),
    onSuccess: async (env) => {
      if (env.meta.code === 200) await invalidateDomains(qc, ERASURE_TOUCHES);
    },
  });
  const label = (group: Labelled, key: string) => t(`employee.${group}.${key}` as 'employee.erase', key);
  const columns: DataColumn<ErasureItem>[] = [
    { title: t('employee.eraseColumns.what'), key: 'what', render: (_, i) => label('eraseWhat', i.what) },
    {
      title: t('employee.eraseColumns.action'),
      key: 'action',
      width: 110,
      render: (_, i) => label('eraseAction', i.action),
    },
    { title: t('employee.eraseColumns.count'), dataIndex: 'count', width: 70, align: 'right' },
    { title: t('employee.eraseColumns.why'), key: 'why', render: (_, i) => label('eraseWhy', i.why) },
  ];
  const data = plan.data;
  const blocked = !data || data.erased || data.refusals.length > 0;
  const rows = (data?.items ?? []).filter((i) => i.count > 0).map((i, n) => ({ ...i, key: n }));

  const submit = () =>
    member &&
    confirm(
      t('employee.eraseConfirm', { name: member.displayName }),
      async () => {
        const env = await erase.mutateAsync(member.id);
        if (env.meta.code === 200) {
          toastSuccess(t('employee.erased', { pseudonym: env.data.pseudonym }));
          onClose();
        }
      },
      { danger: true, okText: t('employee.eraseOk'), okTestId: 'erase-confirm' },
    );

  return (
    <Modal
      open={Boolean(member)}
      title={t('employee.eraseTitle', { name: member?.displayName ?? '' })}
      okText={t('employee.eraseOk')}
      okButtonProps={{ danger: true, disabled: blocked, 'data-testid': 'erase-submit' } as ButtonProps}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={erase.isPending}
      width={720}
      destroyOnHidden
    >
      <div data-testid="erase-plan">
        {!data ? (
          <QueryPending query={plan} failed={t('crud.loadFailed')} />
        ) : data.erased ? (
          <Alert type="info" showIcon title={t('employee.eraseAlready', { pseudonym: data.pseudonym })} />
        ) : (
          <>
            {data.refusals.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('employee.eraseRefused')}
                description={
                  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                    {data.refusals.map((r) => (
                      <li key={r.reason}>{t(`employee.eraseRefusal.${r.reason}`, { ids: r.ids.join(', ') })}</li>
                    ))}
                  </ul>
                }
              />
            )}
            <Typography.Paragraph>
              {t('employee.eraseIntro', { pseudonym: data.pseudonym, years: data.paymentKeepYears })}
            </Typography.Paragraph>
            <DataTable<ErasureItem & { key: number }>
              size="small"
              columns={columns}
              rows={rows}
              rowKey="key"
              loading={false}
              empty={null}
              testId="erase-items"
            />
          </>
        )}
      </div>
    </Modal>
  );
}
