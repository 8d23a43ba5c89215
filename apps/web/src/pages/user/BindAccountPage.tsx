import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Descriptions, Result, Skeleton, Space, Tag } from 'antd';
import { useProfile } from './api';
import { Banner } from '../../components/Banner';
import { BindDialog, type BindTarget } from './BindDialog';
import type { BindKind } from './bind-api';

// The e-mail and mobile bound to the account: bind when none, replace or unbind with codes.
export default function BindAccountPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useProfile();
  const [target, setTarget] = useState<BindTarget | null>(null);

  if (isError)
    return (
      <Card>
        <Result
          status="warning"
          title={t('crud.loadFailed')}
          extra={<Button onClick={() => void refetch()}>{t('crud.retry')}</Button>}
        />
      </Card>
    );

  const row = (kind: BindKind, value: string | null) => (
    <Space wrap>
      {value ? (
        <>
          <span data-testid={`bound-${kind}`}>{value}</span> <Tag color="green">{t('user.bound')}</Tag>
          <Button
            size="small"
            onClick={() => setTarget({ kind, action: 'replace', current: value })}
            data-testid={`replace-${kind}`}
          >
            {t('bind.replace')}
          </Button>
          <Button
            size="small"
            danger
            onClick={() => setTarget({ kind, action: 'unbind', current: value })}
            data-testid={`unbind-${kind}`}
          >
            {t('bind.unbind')}
          </Button>
        </>
      ) : (
        <>
          <Tag>{t('user.unbound')}</Tag>
          <Button
            size="small"
            type="primary"
            onClick={() => setTarget({ kind, action: 'bind', current: null })}
            data-testid={`bind-${kind}`}
          >
            {t('bind.bind')}
          </Button>
        </>
      )}
    </Space>
  );

  return (
    <Card data-testid="bind-account">
      <Banner type="info" title={t('bind.hint')} />
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <Descriptions column={1} bordered>
          <Descriptions.Item label={t('user.loginName')}>{data.loginName ?? t('user.none')}</Descriptions.Item>
          <Descriptions.Item label={t('user.email')}>{row('email', data.email)}</Descriptions.Item>
          <Descriptions.Item label={t('user.mobile')}>
            {row('mobile', data.mobile ? `+${data.areaCode ?? ''} ${data.mobile}` : null)}
          </Descriptions.Item>
        </Descriptions>
      )}
      <BindDialog target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
