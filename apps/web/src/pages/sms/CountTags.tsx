import { useTranslation } from 'react-i18next';
import { Space, Tag } from 'antd';
import type { SmsBatch } from '@study-crm/shared';
import { DELIVERY_COLORS } from '../../components/delivery';

// Queued / sent / failed recipients of a batch, straight from the outbox (queued includes rows being sent).
export function CountTags({ counts }: { counts: SmsBatch['counts'] }) {
  const { t } = useTranslation();
  const waiting = counts.queued + counts.sending;
  return (
    <Space size={4} wrap role="status" data-testid="sms-counts">
      <Tag color={DELIVERY_COLORS.queued}>{`${t('sms.delivery.queued')} ${waiting}`}</Tag>
      <Tag color={DELIVERY_COLORS.sent}>{`${t('sms.delivery.sent')} ${counts.sent}`}</Tag>
      <Tag color={DELIVERY_COLORS.failed}>{`${t('sms.delivery.failed')} ${counts.failed}`}</Tag>
    </Space>
  );
}
