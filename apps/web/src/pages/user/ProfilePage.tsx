import { useTranslation } from 'react-i18next';
import { Avatar, Card, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useProfile } from './api';
import { TwoFactorCard } from './TwoFactorCard';

// The signed-in member's own profile (read from /api/v1/member/profile).
export default function ProfilePage() {
  const { t } = useTranslation();
  const { data, isLoading } = useProfile();
  if (isLoading || !data) return <Card>{isLoading ? <Skeleton active /> : null}</Card>;
  const none = <Typography.Text type="secondary">{t('user.none')}</Typography.Text>;
  const eng = [data.engLastName, data.engFirstName].filter(Boolean).join(' ');
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card data-testid="user-profile">
        <Space align="center" size={16} style={{ marginBottom: 24 }}>
          <Avatar size={64} src={data.avatarImg ?? undefined} icon={<UserOutlined />} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {data.displayName}
          </Typography.Title>
        </Space>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
          <Descriptions.Item label={t('user.loginName')}>{data.loginName ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('user.displayName')}>{data.displayName}</Descriptions.Item>
          <Descriptions.Item label={t('user.email')}>{data.email ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('user.mobile')}>
            {data.mobile ? `+${data.areaCode ?? ''} ${data.mobile}` : none}
          </Descriptions.Item>
          <Descriptions.Item label={t('user.engName')}>{eng || none}</Descriptions.Item>
          <Descriptions.Item label={t('user.fullName')}>{data.fullName ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('user.nickName')}>{data.nickName ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('user.memberType')}>{t(`user.${data.memberType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('user.roles')} span={2}>
            {data.roles.length
              ? data.roles.map((r) => (
                  <Tag key={r.id} color="blue">
                    {r.cnName} ({r.name})
                  </Tag>
                ))
              : none}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <TwoFactorCard />
    </Space>
  );
}
