import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Descriptions, Image, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import {
  ATTACHMENT_KINDS,
  DICT_TYPES,
  type Attachment,
  type AttachmentKind,
  type PaymentView,
} from '@study-crm/shared';
import { DictBadge } from '../../components/dict';
import { attachmentUrl, downloadAttachment } from './api';
import { formatMoney } from '../../components/money';
import { StatusTag, TypeTag } from './tags';
import { formatTime } from '../../lib/format';

export const FIELD: Record<AttachmentKind, 'contractFiles' | 'paymentScreenshots' | 'receipt'> = {
  contract: 'contractFiles',
  screenshot: 'paymentScreenshots',
  receipt: 'receipt',
};
export const ACCEPT: Record<AttachmentKind, string> = {
  contract: '.pdf,.png,.jpg,.jpeg,.gif,.doc,.docx,.xls,.xlsx',
  screenshot: '.png,.jpg,.jpeg,.gif,.pdf',
  receipt: '.png,.jpg,.jpeg,.gif,.pdf',
};

// An attachment in the form: stored name and the name people see; id once saved (for preview and download).
export type Item = { name: string; originalName: string; mime?: string; id?: number };
export type Items = Record<AttachmentKind, Item[]>;

export const fromView = (v: PaymentView | undefined): Items => ({
  contract: (v?.contractFiles ?? []).map(toItem),
  screenshot: (v?.paymentScreenshots ?? []).map(toItem),
  receipt: (v?.receipt ?? []).map(toItem),
});
const toItem = (a: Attachment): Item => ({ name: a.name, originalName: a.originalName, mime: a.mime, id: a.id });

export function PaymentDetails({ data, applicationId }: { data: PaymentView; applicationId?: number | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <Descriptions column={1} size="small" bordered data-testid="pay-details">
        <Descriptions.Item label={t('payment.f.title')}>{data.title}</Descriptions.Item>
        <Descriptions.Item label={t('payment.col.status')}>
          <StatusTag status={data.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('payment.f.type')}>
          <TypeTag type={data.type} />
        </Descriptions.Item>
        <Descriptions.Item label={t('payment.f.amount')}>
          {formatMoney(data.amountMinor, data.currency, data.digits)}
        </Descriptions.Item>
        <Descriptions.Item label={t('payment.f.transactionDate')}>{data.transactionDate}</Descriptions.Item>
        <Descriptions.Item label={t('payment.f.transferMethod')}>
          {data.transferMethod ? <DictBadge type={DICT_TYPES.transferMethod} value={data.transferMethod} /> : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('payment.col.student')}>{data.studentName}</Descriptions.Item>
        <Descriptions.Item label={t('payment.f.signingTeacher')}>{data.signingTeacher?.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('payment.col.confirmedBy')}>{data.confirmedBy?.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('payment.f.confirmedAt')}>{formatTime(data.confirmedAt)}</Descriptions.Item>
        {data.status === 'voided' && (
          <Descriptions.Item label={t('payment.f.voidReason')}>
            {data.voidReason} ({data.voidedBy?.name ?? '—'}, {formatTime(data.voidedAt)})
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('payment.f.createdBy')}>
          {data.createdBy?.name ?? '—'} · {formatTime(data.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('payment.f.description')}>{data.description ?? '-'}</Descriptions.Item>
      </Descriptions>
      {ATTACHMENT_KINDS.map((kind) => (
        <div key={kind} style={{ marginTop: 16 }}>
          <Typography.Text strong>{t(`payment.f.${FIELD[kind]}`)}</Typography.Text>
          <AttachmentList applicationId={applicationId} items={fromView(data)[kind]} />
        </div>
      ))}
    </>
  );
}

// Saved attachments preview (images) and download through the authenticated call; fresh uploads show their name.
export function AttachmentList({
  items,
  onRemove,
  applicationId,
}: {
  items: Item[];
  onRemove?: (name: string) => void;
  applicationId?: number | undefined;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  if (!items.length) return <div style={{ color: '#999' }}>-</div>;
  return (
    <>
      {items.map((i) => (
        <div key={i.name} style={{ display: 'flex', gap: 8, alignItems: 'center' }} data-testid="pay-attachment">
          <Typography.Text ellipsis style={{ maxWidth: 320 }}>
            {i.originalName}
          </Typography.Text>
          {i.id && i.mime?.startsWith('image/') && (
            <Button
              size="small"
              type="link"
              icon={<EyeOutlined />}
              onClick={() => void attachmentUrl({ id: i.id! }, applicationId).then(setPreview)}
              data-testid="pay-attachment-preview"
            >
              {t('payment.preview')}
            </Button>
          )}
          {i.id && (
            <Button
              size="small"
              type="link"
              icon={<DownloadOutlined />}
              onClick={() =>
                void downloadAttachment({ id: i.id!, originalName: i.originalName }, applicationId).catch(
                  () => undefined,
                )
              }
            >
              {t('payment.download')}
            </Button>
          )}
          {onRemove && (
            <Button size="small" type="link" danger onClick={() => onRemove(i.name)}>
              {t('payment.removeFile')}
            </Button>
          )}
        </div>
      ))}
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ open: true, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </>
  );
}
