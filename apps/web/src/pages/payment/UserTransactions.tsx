import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApplicationScreen } from '../application/ApplicationScreen';
import { PaymentList } from './PaymentList';

// userTransactions: one application's payment records (opened from the applications list and the detail).
export default function UserTransactions() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || undefined;
  return (
    <ApplicationScreen id={id} title={t('payment.userTitle')}>
      <PaymentList applicationId={id} title={t('payment.userTitle')} />
    </ApplicationScreen>
  );
}
