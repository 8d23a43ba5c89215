import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Checkbox, Space, Typography } from 'antd';
import type { WalletCreated } from '@study-crm/shared';
import { StartCheckButton } from './StartCheckButton';

const WORD_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: '8px 24px',
  listStyle: 'none',
  padding: 0,
  margin: '0 0 8px',
  fontSize: 16,
} as const;

// The mnemonic and private key, shown this once (they live only in this screen's memory), with copy buttons; on to
// the backup check once the member says they are saved (`onChecking` when it has started).
export function BackupSecrets(props: { created: WalletCreated; onChecking: () => void }) {
  const { t } = useTranslation();
  const [isSaved, setSaved] = useState(false);
  const { mnemonic, privateKey } = props.created;
  const words = mnemonic.split(' ');

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 760 }}>
      <Alert
        type="warning"
        showIcon
        title={t('wallet.backupTitle')}
        description={t('wallet.backupWarning')}
        data-testid="wallet-backup-warning"
      />
      <div>
        <Typography.Title level={5}>{t('wallet.mnemonic')}</Typography.Title>
        <ol style={WORD_GRID} data-testid="wallet-mnemonic">
          {words.map((word, i) => (
            <li key={i}>
              <Typography.Text type="secondary">{i + 1}.</Typography.Text>{' '}
              <Typography.Text strong data-testid="wallet-word">
                {word}
              </Typography.Text>
            </li>
          ))}
        </ol>
        <Typography.Text copyable={{ text: mnemonic }} type="secondary">
          {t('wallet.copyMnemonic')}
        </Typography.Text>
      </div>
      <div>
        <Typography.Title level={5}>{t('wallet.privateKey')}</Typography.Title>
        <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="wallet-private-key">
          {privateKey}
        </Typography.Text>
        <div>
          <Typography.Text copyable={{ text: privateKey }} type="secondary">
            {t('wallet.copyPrivateKey')}
          </Typography.Text>
        </div>
      </div>
      <Checkbox checked={isSaved} onChange={(e) => setSaved(e.target.checked)} data-testid="wallet-backed-up">
        {t('wallet.backedUp')}
      </Checkbox>
      <StartCheckButton disabled={!isSaved} onStarted={props.onChecking} testId="wallet-to-check">
        {t('wallet.toCheck')}
      </StartCheckButton>
    </Space>
  );
}
