import { useTranslation } from 'react-i18next';
import { Descriptions, Tag, Typography } from 'antd';
import type { Wallet } from '@study-crm/shared';
import { formatTime } from '../../lib/format';

// The public side of a wallet: never a secret.
export function WalletDetails({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} bordered size="middle" data-testid="wallet-details">
      <Descriptions.Item label={t('wallet.address')}>
        <Typography.Text code copyable data-testid="wallet-address" style={{ fontSize: 15 }}>
          {wallet.address}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.status')}>
        <Tag color={wallet.activated ? 'green' : 'orange'} data-testid="wallet-status">
          {t(wallet.activated ? 'wallet.statusActive' : 'wallet.statusPending')}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.chain')}>
        {wallet.chain === 'evm' ? t('wallet.chainEvm') : wallet.chain}
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.publicKey')}>
        <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
          {wallet.publicKey}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.path')}>
        <Typography.Text code>{wallet.derivationPath}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('wallet.createdAt')}>{formatTime(wallet.createdAt)}</Descriptions.Item>
      {wallet.activated && (
        <Descriptions.Item label={t('wallet.activatedAt')}>{formatTime(wallet.activatedAt)}</Descriptions.Item>
      )}
    </Descriptions>
  );
}
