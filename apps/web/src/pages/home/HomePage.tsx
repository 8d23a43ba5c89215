import { useTranslation } from 'react-i18next';
import { Card, Typography } from 'antd';
import { useSession } from '../../stores/session';

export default function HomePage() {
  const { t } = useTranslation();
  const profile = useSession((s) => s.profile);
  return (
    <Card>
      <Typography.Title level={3} data-testid="home-welcome">
        {t('home.welcome', { name: profile?.displayName ?? '' })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.hint')}</Typography.Paragraph>
    </Card>
  );
}
