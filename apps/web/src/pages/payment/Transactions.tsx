import { useTranslation } from 'react-i18next';
import { PaymentList } from './PaymentList';

// transactions: every payment record, with totals per currency.
export default function Transactions() {
  const { t } = useTranslation();
  return <PaymentList title={t('payment.title')} />;
}
