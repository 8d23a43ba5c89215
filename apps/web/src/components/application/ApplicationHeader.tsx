import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Card, Descriptions, Result, Skeleton, Space } from 'antd';
import { APPLICATION_DICT, displayName } from '@study-crm/shared';
import { useSimpleInfo } from './useSimpleInfo';
import { DictBadge } from '../dict';
import { BackToListTitle } from './BackToListTitle';
import { PATHS } from '../../navigation/paths';

// The application's header on the follow-up and file screens (simpleInfo).
export function ApplicationHeader({ id, title, extra }: { id: number | undefined; title: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useSimpleInfo(id);
  if (!id || info.isError) return <Result status="404" title={t('application.notFound')} />;
  return (
    <Card
      style={{ marginBottom: 16 }}
      title={
        // Named by where it goes: the list’s menu name.
        <BackToListTitle label={t('menu.applicationList')} backTestId="app-header-back">
          <span>{title}</span>
        </BackToListTitle>
      }
      extra={
        <Space>
          {extra}
          <Button onClick={() => navigate(PATHS.detail(id))}>{t('application.action.detail')}</Button>
        </Space>
      }
    >
      {info.isLoading || !info.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="app-header">
          <Descriptions.Item label={t('application.col.student')}>
            {info.data.name}
            {(info.data.engLastName || info.data.engFirstName) && ` (${displayName(info.data, '')})`}
          </Descriptions.Item>
          <Descriptions.Item label={t('application.col.status')}>
            <DictBadge type={APPLICATION_DICT.status} value={info.data.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('application.col.applicationDate')}>
            {info.data.applicationDate}
          </Descriptions.Item>
          <Descriptions.Item label={t('application.f.email')}>{info.data.email ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('application.signingTeacher')}>
            {info.data.signingTeacher?.name ?? '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('application.followTeacher')}>
            {info.data.followTeacher?.name ?? '-'}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
