import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Typography } from 'antd';
import type { WalletCreated } from '@study-crm/shared';
import { ApiError } from '../../api/client';
import { useWalletMutations } from './api';

// No wallet yet: the password re-entered creates one; its secrets go to the backup step, in memory only.
export function CreateWallet({ onCreated }: { onCreated: (created: WalletCreated) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const { create } = useWalletMutations();

  const submit = async ({ password }: { password: string }) => {
    try {
      onCreated(await create.mutateAsync(password));
    } catch (err) {
      // The wrong password (400) is said under the field; other refusals were toasted.
      if (err instanceof ApiError && err.code === 400) form.setFields([{ name: 'password', errors: [err.message] }]);
    }
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{t('wallet.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={(v) => void submit(v)}>
        <Form.Item
          name="password"
          label={t('wallet.password')}
          extra={t('wallet.passwordHint')}
          rules={[{ required: true, message: t('wallet.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="wallet-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="wallet-create">
          {t('wallet.create')}
        </Button>
      </Form>
    </>
  );
}
