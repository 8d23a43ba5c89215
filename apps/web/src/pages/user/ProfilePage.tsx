import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryPending } from '../../components/QueryPending';
import { Avatar, Button, Card, Descriptions, Space, Tag, Typography, Upload } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { useAuthImage } from '../../components/useAuthImage';
import { AvatarCropper } from './AvatarCropper';
import { ProfileForm } from './ProfileForm';
import { useProfileDetail, useProfileMutations } from './api';
import { TwoFactorCard } from './TwoFactorCard';
import { roleLabel } from '../../lib/format';
import { toast } from '../../lib/feedback';

const AVATAR_TYPES = 'image/png,image/jpeg,image/gif';

// The signed-in member's own profile: avatar (cropped in the browser), read-only account facts, the edit form.
export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const query = useProfileDetail();
  const { data } = query;
  const { avatar } = useProfileMutations();
  const [picked, setPicked] = useState<File | null>(null);
  const avatarSrc = useAuthImage(data?.avatarImg);

  if (!data) return <QueryPending query={query} failed={t('user.loadFailed')} />;
  const none = <Typography.Text type="secondary">{t('user.none')}</Typography.Text>;
  const upload = async (png: Blob) => {
    setPicked(null);
    await avatar.mutateAsync(png);
    toast.success(t('user.avatar.saved'));
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card data-testid="user-profile">
        <Space align="center" size={16} style={{ marginBottom: 24 }} wrap>
          <Avatar size={72} src={avatarSrc} icon={<UserOutlined />} data-testid="profile-avatar" />
          <Space orientation="vertical" size={4}>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="profile-name">
              {data.displayName}
            </Typography.Title>
            <Upload
              accept={AVATAR_TYPES}
              showUploadList={false}
              beforeUpload={(file) => {
                setPicked(file);
                return false;
              }}
            >
              <Button size="small" icon={<CameraOutlined />} loading={avatar.isPending} data-testid="avatar-pick">
                {t('user.avatar.change')}
              </Button>
            </Upload>
          </Space>
        </Space>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
          <Descriptions.Item label={t('user.loginName')}>{data.loginName ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('user.email')}>
            {data.email ?? none} <Typography.Text type="secondary">({t('user.viaBinding')})</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('user.mobile')}>
            {data.mobile ? `+${data.areaCode ?? ''} ${data.mobile}` : none}
          </Descriptions.Item>
          <Descriptions.Item label={t('user.identity')}>
            <Tag color={data.identityStatus === 'verified' ? 'green' : 'default'}>
              {t(`user.identityStatus.${data.identityStatus}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('user.roles')} span={2}>
            {data.roles.length
              ? data.roles.map((r) => (
                  <Tag key={r.id} color="blue">
                    {roleLabel(r, i18n.language)} ({r.name})
                  </Tag>
                ))
              : none}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <ProfileForm data={data} />
      <TwoFactorCard />
      <AvatarCropper file={picked} onCancel={() => setPicked(null)} onDone={(png) => void upload(png)} />
    </Space>
  );
}
