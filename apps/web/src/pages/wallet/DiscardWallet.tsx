import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Typography } from 'antd';
import { ApiError } from '../../api/client';
import { useConfirm } from '../../components/form/useConfirm';
import { useWalletMutations } from './api';
import { toast } from '../../lib/feedback';

// A wallet never activated whose backup was lost: discarded (password re-entered, confirmed) to start again.
export function DiscardWallet() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [form] = Form.useForm<{ password: string }>();
  const { discard } = useWalletMutations();

  const submit = ({ password }: { password: string }) =>
    confirm(
      t('wallet.discardConfirm'),
      async () => {
        try {
          await discard.mutateAsync(password);
          toast.success(t('wallet.discarded'));
        } catch (err) {
          if (err instanceof ApiError && err.code === 400)
            form.setFields([{ name: 'password', errors: [err.message] }]);
        }
      },
      { danger: true },
    );

  return (
    <>
      <Typography.Title level={5}>{t('wallet.lostTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('wallet.lostIntro')}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={submit}>
        <Form.Item name="password" rules={[{ required: true, message: t('wallet.passwordRequired') }]}>
          <Input.Password placeholder={t('wallet.password')} autoComplete="current-password" />
        </Form.Item>
        <Button danger htmlType="submit" loading={discard.isPending} data-testid="wallet-discard">
          {t('wallet.discard')}
        </Button>
      </Form>
    </>
  );
}
