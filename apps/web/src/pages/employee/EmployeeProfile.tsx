import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Descriptions, Popconfirm, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { DataTable } from '../../components/crud/DataTable';
import { ArrowLeftOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { PERM, twoFactorApi, type MemberSession } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { AuthAvatar } from '../../components/AuthAvatar';
import { Permission } from '../../components/Permission';
import { useMemberView } from './api';
import { MemberLabels } from './MemberLabels';
import type { AppResources } from '../../locales/types';
import { IdentityTag, RoleTags, StatusTag, formatMobile, formatTime } from './labels';
import { toast } from '../../lib/feedback';
import { useIdParam } from '../../navigation/useScreen';
import { TimelineButton } from '../../components/audit/RecordTimeline';
import { useSession } from '../../stores/session';

// employeeProfile (hidden from the menu): details, roles and recent sign-ins of one member.
export default function EmployeeProfile() {
  const { t } = useTranslation();
  const id = useIdParam();
  const view = useMemberView(id);
  const mid = useSession((s) => s.mid);
  // A lost phone: the member signs in with the password alone and sets up a new authenticator.
  const resetTwoFactor = useMutation({
    mutationFn: (memberId: number) => fetchData(twoFactorApi.reset, { id: memberId }),
    onSuccess: () => toast.success(t('employee.resetTwoFactorDone')),
  });
  const back = (
    <Link to="/employee/employeeList">
      <Button icon={<ArrowLeftOutlined />}>{t('employee.back')}</Button>
    </Link>
  );

  if (!id || view.isError) return <Result status="404" title={t('employee.notFound')} extra={back} />;
  if (view.isLoading || !view.data) return <Skeleton active />;
  const m = view.data;
  const f = (key: keyof AppResources['employee']['field']) => t(`employee.field.${key}`);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Space size={16}>
            <AuthAvatar size={56} src={m.avatarImg} />
            <div>
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="profile-name">
                {m.displayName}
              </Typography.Title>
              <Space size={4} style={{ marginTop: 6 }}>
                <StatusTag status={m.status} t={t} />
                <IdentityTag value={m.identityStatus} t={t} />
                <Tag>{t(`employee.memberType.${m.memberType}`)}</Tag>
              </Space>
            </div>
          </Space>
          <Space>
            {/* Not on one's own profile: the server refuses it there (own second factor turns off in the user
                centre, with the password and a code). */}
            {String(m.id) !== mid && (
              <Permission perm={PERM.memberResetTwoFactor}>
                <Popconfirm
                  title={t('employee.resetTwoFactor')}
                  description={<div style={{ maxWidth: 320 }}>{t('employee.resetTwoFactorConfirm')}</div>}
                  okText={t('common.confirm')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => resetTwoFactor.mutateAsync(m.id).catch(() => undefined)}
                >
                  <Button
                    icon={<SafetyCertificateOutlined />}
                    loading={resetTwoFactor.isPending}
                    data-testid="reset-two-factor"
                  >
                    {t('employee.resetTwoFactor')}
                  </Button>
                </Popconfirm>
              </Permission>
            )}
            <TimelineButton recordType="member" recordId={m.id} />
            {back}
          </Space>
        </Space>
      </Card>
      <Card title={t('employee.details')}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} bordered size="small">
          <Descriptions.Item label={f('email')}>{m.email ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={f('mobile')}>{formatMobile(m)}</Descriptions.Item>
          <Descriptions.Item label={f('loginName')}>{m.loginName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={f('engLastName')}>{m.engLastName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={f('engFirstName')}>{m.engFirstName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={f('fullName')}>{m.fullName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={f('nickName')}>{m.nickName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={f('createdAt')}>{formatTime(m.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={f('updatedAt')}>{formatTime(m.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label={f('roles')} span={3}>
            <RoleTags roles={m.roles} />
          </Descriptions.Item>
          <Descriptions.Item label={f('labels')} span={3}>
            <MemberLabels memberId={m.id} name={m.displayName} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('employee.activity.title')}>
        <DataTable<MemberSession>
          rowKey="id"
          size="small"
          loading={false}
          rows={m.recentSessions}
          empty={t('employee.activity.none')}
          columns={[
            { title: t('employee.activity.signedInAt'), dataIndex: 'createdAt', render: (v: number) => formatTime(v) },
            { title: t('employee.activity.lastSeenAt'), dataIndex: 'lastSeenAt', render: (v: number) => formatTime(v) },
            { title: t('employee.activity.ip'), dataIndex: 'ip', render: (v: string | null) => v ?? '-' },
            {
              title: t('employee.activity.userAgent'),
              dataIndex: 'userAgent',
              ellipsis: true,
              render: (v: string | null) => v ?? '-',
            },
            {
              title: t('employee.activity.state'),
              dataIndex: 'isActive',
              render: (v: boolean) => (
                <Tag color={v ? 'green' : 'default'}>
                  {t(v ? 'employee.activity.active' : 'employee.activity.ended')}
                </Tag>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
