import { useTranslation } from 'react-i18next';
import { Alert, Card, Descriptions, Skeleton, Tag } from 'antd';
import { useProfile } from './api';

// Read-only for now: shows the e-mail and mobile bound to the account.
export default function BindAccountPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useProfile();
  const state = (value: string | null) =>
    value ? (
      <>
        {value} <Tag color="green">{t('user.bound')}</Tag>
      </>
    ) : (
      <Tag>{t('user.unbound')}</Tag>
    );
  return (
    <Card data-testid="bind-account">
      <Alert type="info" showIcon title={t('user.bindHint')} style={{ marginBottom: 16 }} />
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <Descriptions column={1} bordered>
          <Descriptions.Item label={t('user.loginName')}>{data.loginName ?? t('user.none')}</Descriptions.Item>
          <Descriptions.Item label={t('user.email')}>{state(data.email)}</Descriptions.Item>
          <Descriptions.Item label={t('user.mobile')}>
            {state(data.mobile ? `+${data.areaCode ?? ''} ${data.mobile}` : null)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
