import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Divider, Result, Skeleton, Space, Steps, Typography } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import type { Wallet, WalletCreated } from '@study-crm/shared';
import { useWallet } from './api';
import { BackupCheck } from './BackupCheck';
import { BackupSecrets } from './BackupSecrets';
import { CreateWallet } from './CreateWallet';
import { DiscardWallet } from './DiscardWallet';
import { StartCheckButton } from './StartCheckButton';
import { WalletDetails } from './WalletDetails';

// The step a wallet is at: none, its secrets on screen, the backup check, activated.
function stepOf(wallet: Wallet | null, created: WalletCreated | null): number {
  if (created) return 1;
  if (!wallet) return 0;
  return wallet.activated ? 3 : 2;
}

// The member's own wallet (issue 19): create with the password, back up the secrets shown once, answer three
// words, confirm activation; afterwards only the public side is shown.
export default function WalletPage() {
  const { t } = useTranslation();
  const view = useWallet();
  // The create answer, held in this screen's memory only until the backup check starts.
  const [created, setCreated] = useState<WalletCreated | null>(null);

  if (view.isLoading) return <Card>{<Skeleton active />}</Card>;
  if (view.isError)
    return (
      <Result
        status="error"
        title={t('wallet.loadFailed')}
        extra={<Button onClick={() => void view.refetch()}>{t('wallet.retry')}</Button>}
      />
    );

  const wallet = view.data ?? null;

  let body;
  if (created) body = <BackupSecrets created={created} onChecking={() => setCreated(null)} />;
  else if (!wallet) body = <CreateWallet onCreated={setCreated} />;
  else if (wallet.activated)
    body = (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <WalletDetails wallet={wallet} />
        <Alert type="info" showIcon title={t('wallet.secretsGone')} />
      </Space>
    );
  else
    body = (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {wallet.checkPositions ? (
          <BackupCheck positions={wallet.checkPositions} onChanged={() => void view.refetch()} />
        ) : (
          <Alert
            type="warning"
            showIcon
            title={t('wallet.noCheckTitle')}
            description={
              <Space orientation="vertical">
                <Typography.Text>{t('wallet.noCheckIntro')}</Typography.Text>
                <StartCheckButton testId="wallet-start-check">{t('wallet.startCheck')}</StartCheckButton>
              </Space>
            }
          />
        )}
        <WalletDetails wallet={wallet} />
        <Divider style={{ margin: '8px 0' }} />
        <DiscardWallet />
      </Space>
    );

  return (
    <Card
      title={
        <Space>
          <WalletOutlined />
          {t('wallet.title')}
        </Space>
      }
      data-testid="wallet-page"
    >
      <Steps
        size="small"
        current={stepOf(wallet, created)}
        status={wallet?.activated ? 'finish' : 'process'}
        style={{ maxWidth: 760, marginBottom: 24 }}
        items={[
          { title: t('wallet.steps.create') },
          { title: t('wallet.steps.backup') },
          { title: t('wallet.steps.check') },
          { title: t('wallet.steps.active') },
        ]}
      />
      {body}
    </Card>
  );
}
