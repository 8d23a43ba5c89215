import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

export default function NotFound() {
  const { t } = useTranslation();
  return <StatusPage status="404" subTitle={t('common.notFound')} />;
}
