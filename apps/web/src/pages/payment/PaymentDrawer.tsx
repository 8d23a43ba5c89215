import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Form, Input, Radio, Select, Skeleton, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  applicationApi,
  ATTACHMENT_KINDS,
  currencyDigits,
  decimalToMinor,
  DICT_TYPES,
  PAYMENT_TYPES,
  PERM,
  type AttachmentKind,
  type PaymentView,
} from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { Banner } from '../../components/Banner';
import { Permission } from '../../components/Permission';
import { DictSelect } from '../../components/dict';
import { useStaffOptions } from '../../components/crud/filters';
import { uploadAttachment, usePaymentMutation, usePaymentView } from './api';
import { TimelineButton } from '../../components/audit/RecordTimeline';
import { ACCEPT, AttachmentList, FIELD, fromView, PaymentDetails, type Items } from './PaymentDetails';
import { enumOptions } from '../../components/crud/options';
import { UploadProgress, useUploads } from '../../components/upload/useUploads';
import { useConfirm } from '../../components/form/useConfirm';
import { requiredRule, requiredValueRule } from '../../components/form/rules';
import { TextItem } from '../../components/form/TextItem';
import { toast } from '../../lib/feedback';
import { validFields } from '../../components/form/validFields';

export type DrawerMode = 'new' | 'edit' | 'view';

type Values = {
  applicationId?: number;
  title: string;
  type: 'collection' | 'refund';
  transactionDate: Dayjs;
  amount: string;
  currency: string;
  transferMethod?: string;
  signingTeacherId?: number;
  description?: string;
};

// Add, view and edit one payment record in a drawer, with its attachments (upload progress, image preview,
// download). A confirmed record keeps its amount, currency, date and type.
export function PaymentDrawer({
  mode,
  id,
  applicationId,
  onEdit,
  onClose,
}: {
  mode: DrawerMode;
  id?: number | undefined;
  applicationId?: number | undefined;
  onEdit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const view = usePaymentView(mode === 'new' ? undefined : id, applicationId);
  const data = view.data;
  const mutate = usePaymentMutation();
  const staff = useStaffOptions();
  const [form] = Form.useForm<Values>();
  const [items, setItems] = useState<Items>(fromView(undefined));
  const uploads = useUploads();
  const [appSearch, setAppSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const currency = Form.useWatch('currency', form) ?? data?.currency ?? 'GBP';
  const digits = currencyDigits(currency) ?? 2;
  const locked = data?.status === 'confirmed';

  // The record as the form was filled from it: its attachments and version stay those the editor sees when the
  // record is read again meanwhile (someone's save, a refused stale one), so a save is checked against the version
  // shown and never overwrites changes it did not show.
  const [base, setBase] = useState<PaymentView>();
  useEffect(() => {
    if (data && !base) {
      setBase(data);
      setItems(fromView(data));
    }
  }, [data, base]);
  const shown = base ?? data;

  const apps = useQuery({
    queryKey: ['application', 'pick', appSearch],
    queryFn: () => fetchData(applicationApi.list, { keyword: appSearch || undefined, pageSize: 20 }),
    enabled: mode === 'new' && !applicationId,
  });

  // Each landed file joins the attachments of its kind.
  const customRequest = (kind: AttachmentKind) =>
    uploads.request(uploadAttachment, (up, file) =>
      setItems((s) => ({ ...s, [kind]: [...s[kind], { name: up.name, originalName: file.name, mime: up.mime }] })),
    );

  // A file still uploading is not in `items` yet: saving now would leave it out (and it would land into nothing).
  const uploading = uploads.inFlight.length > 0;
  const submit = async () => {
    if (uploading) return;
    const v = await validFields(form);
    if (!v) return;
    const body = {
      ...v,
      ...(applicationId ? { applicationId } : {}),
      transactionDate: v.transactionDate.format('YYYY-MM-DD'),
      ...Object.fromEntries(
        ATTACHMENT_KINDS.map((k) => [FIELD[k], items[k].map((i) => `${i.name}|${i.originalName}`).join(',')]),
      ),
      ...(mode === 'edit' && id ? { id, version: shown?.version } : {}),
    };
    confirm(
      t('payment.saveConfirm'),
      async () => {
        setBusy(true);
        try {
          await mutate.mutateAsync({ action: mode === 'edit' ? 'update' : 'create', body });
          toast.success(t('payment.saved'));
          onClose();
        } finally {
          setBusy(false);
        }
      },
      { okTestId: 'pay-save-ok' },
    );
  };

  const title =
    mode === 'new' ? t('payment.newTitle') : mode === 'edit' ? t('payment.editTitle') : t('payment.viewTitle');
  const loading = mode !== 'new' && !data;
  const required = requiredValueRule(t('payment.required'));
  const requiredText = requiredRule(t('payment.required'));

  return (
    <Drawer
      open
      size={640}
      title={title}
      onClose={onClose}
      destroyOnHidden
      data-testid="pay-drawer"
      extra={
        mode === 'view' ? (
          <Space>
            {data && <TimelineButton recordType="paymentRecord" recordId={data.id} />}
            {data?.status !== 'voided' && (
              <Permission perm={PERM.paymentUpdate}>
                <Button onClick={onEdit} data-testid="pay-drawer-edit">
                  {t('payment.action.edit')}
                </Button>
              </Permission>
            )}
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              loading={busy}
              disabled={uploading}
              onClick={() => void submit()}
              data-testid="pay-save"
            >
              {t('common.save')}
            </Button>
          </Space>
        )
      }
    >
      {loading ? (
        <Skeleton active />
      ) : mode === 'view' && data ? (
        <PaymentDetails data={data} applicationId={applicationId} />
      ) : (
        <>
          {locked && <Banner type="info" title={t('payment.lockedHint')} />}
          <Form<Values>
            form={form}
            name="payment"
            layout="vertical"
            initialValues={
              shown
                ? {
                    title: shown.title,
                    type: shown.type,
                    transactionDate: dayjs(shown.transactionDate),
                    amount: shown.amount,
                    currency: shown.currency,
                    transferMethod: shown.transferMethod ?? undefined,
                    signingTeacherId: shown.signingTeacher?.id,
                    description: shown.description ?? undefined,
                  }
                : { type: 'collection', currency: 'GBP', transactionDate: dayjs() }
            }
          >
            {mode === 'new' && !applicationId && (
              <Form.Item name="applicationId" label={t('payment.f.application')} rules={[required]}>
                <Select
                  showSearch={{ filterOption: false, onSearch: setAppSearch }}
                  placeholder={t('payment.f.applicationSearch')}
                  loading={apps.isFetching}
                  options={apps.data?.list.map((a) => ({ value: a.id, label: `${a.name} · ${a.applicationDate}` }))}
                  data-testid="pay-f-application"
                />
              </Form.Item>
            )}
            <TextItem name="title" label={t('payment.f.title')} rules={[requiredText]} max={200} testId="pay-f-title" />
            <Space size={16} wrap>
              <Form.Item name="type" label={t('payment.f.type')} rules={[required]}>
                <Radio.Group
                  disabled={locked}
                  optionType="button"
                  options={enumOptions(PAYMENT_TYPES, (v) => t(`payment.type.${v}`))}
                  data-testid="pay-f-type"
                />
              </Form.Item>
              <Form.Item name="transactionDate" label={t('payment.f.transactionDate')} rules={[required]}>
                <DatePicker disabled={locked} allowClear={false} data-testid="pay-f-date" />
              </Form.Item>
            </Space>
            <Space size={16} wrap>
              <Form.Item
                name="amount"
                label={t('payment.f.amount')}
                rules={[
                  required,
                  {
                    validator: (_, v: string | undefined) =>
                      !v || decimalToMinor(v, digits) !== undefined
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('payment.amountRule', { digits }))),
                  },
                ]}
              >
                <Input disabled={locked} style={{ width: 200 }} inputMode="decimal" data-testid="pay-f-amount" />
              </Form.Item>
              <Form.Item name="currency" label={t('payment.f.currency')} rules={[required]}>
                <DictSelect type={DICT_TYPES.currency} disabled={locked} allowClear={false} style={{ width: 160 }} />
              </Form.Item>
            </Space>
            <Space size={16} wrap>
              <Form.Item name="transferMethod" label={t('payment.f.transferMethod')}>
                <DictSelect type={DICT_TYPES.transferMethod} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name="signingTeacherId" label={t('payment.f.signingTeacher')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ width: 200 }}
                  options={staff.data}
                />
              </Form.Item>
            </Space>
            <Form.Item name="description" label={t('payment.f.description')}>
              <Input.TextArea rows={3} maxLength={2000} />
            </Form.Item>
          </Form>
          {ATTACHMENT_KINDS.map((kind) => (
            <div key={kind} style={{ marginBottom: 16 }}>
              <Space style={{ marginBottom: 8 }}>
                <Typography.Text strong>{t(`payment.f.${FIELD[kind]}`)}</Typography.Text>
                <Upload
                  accept={ACCEPT[kind]}
                  multiple
                  showUploadList={false}
                  customRequest={customRequest(kind)}
                  data-testid={`pay-upload-${kind}`}
                >
                  <Button size="small" icon={<UploadOutlined />}>
                    {t('payment.upload')}
                  </Button>
                </Upload>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {kind === 'contract' ? t('payment.uploadHint') : t('payment.imageHint')}
                </Typography.Text>
              </Space>
              <AttachmentList
                applicationId={applicationId}
                items={items[kind]}
                onRemove={(name) => setItems((s) => ({ ...s, [kind]: s[kind].filter((i) => i.name !== name) }))}
              />
            </div>
          ))}
          <UploadProgress files={uploads.inFlight} testId="pay-upload-progress" />
        </>
      )}
    </Drawer>
  );
}
