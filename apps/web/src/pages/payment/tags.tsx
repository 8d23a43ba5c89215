import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { PaymentStatus, PaymentType } from '@study-crm/shared';

// A record's status and type as coloured tags, in the list and the drawer alike.
const STATUS_COLOR: Record<PaymentStatus, string> = {
  pending: 'orange',
  confirmed: 'green',
  voided: 'default',
};

export function StatusTag({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="pay-status">
      {t(`payment.status.${status}`)}
    </Tag>
  );
}

export function TypeTag({ type }: { type: PaymentType }) {
  const { t } = useTranslation();
  return <Tag color={type === 'refund' ? 'red' : 'blue'}>{t(`payment.type.${type}`)}</Tag>;
}
