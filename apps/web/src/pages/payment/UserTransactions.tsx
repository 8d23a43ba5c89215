import { useTranslation } from 'react-i18next';
import { ApplicationScreen } from '../../components/application/ApplicationScreen';
import { PaymentList } from './PaymentList';
import { useIdParam } from '../../navigation/useScreen';

// userTransactions: one application's payment records (opened from the applications list and the detail).
export default function UserTransactions() {
  const { t } = useTranslation();
  const id = useIdParam();
  return (
    <ApplicationScreen id={id} title={t('payment.userTitle')}>
      <PaymentList applicationId={id} title={t('payment.userTitle')} />
    </ApplicationScreen>
  );
}
