import { useTranslation } from 'react-i18next';
import { Space, Tag } from 'antd';
import type { EmailDetail } from '@study-crm/shared';
import { DELIVERY_COLORS } from '../../components/delivery';

// Sent / failed / queued counts of an e-mail, straight from the outbox (queued includes rows being sent).
export function StatusSummary({ summary }: { summary: EmailDetail['summary'] }) {
  const { t } = useTranslation();
  const waiting = summary.queued + summary.sending;
  return (
    <Space size={4} wrap role="status" data-testid="email-summary">
      {summary.sent > 0 && (
        <Tag color={DELIVERY_COLORS.sent}>{`${t('message.email.delivery.sent')} ${summary.sent}`}</Tag>
      )}
      {summary.failed > 0 && (
        <Tag color={DELIVERY_COLORS.failed}>{`${t('message.email.delivery.failed')} ${summary.failed}`}</Tag>
      )}
      {summary.cancelled > 0 && (
        <Tag color={DELIVERY_COLORS.cancelled}>{`${t('message.email.delivery.cancelled')} ${summary.cancelled}`}</Tag>
      )}
      {waiting > 0 && (
        <Tag
          color={summary.sending ? DELIVERY_COLORS.sending : DELIVERY_COLORS.queued}
        >{`${t('message.email.delivery.queued')} ${waiting}`}</Tag>
      )}
    </Space>
  );
}
