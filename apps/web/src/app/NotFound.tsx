import { useTranslation } from 'react-i18next';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from './paths';

export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('common.notFound')}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
