import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { ApiError } from '../../api/client';
import { useConfirm } from '../../components/form/useConfirm';
import { useWalletMutations } from './api';
import { toast } from '../../lib/feedback';

type Words = { word1: string; word2: string; word3: string };
const FIELDS = ['word1', 'word2', 'word3'] as const;

// The three words asked by the server, then activation after a confirmation (spec section 5).
export function BackupCheck({ positions, onChanged }: { positions: number[]; onChanged: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [form] = Form.useForm<Words>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { activate, challenge } = useWalletMutations();

  const submit = (words: Words) =>
    confirm(t('wallet.activateConfirm'), async () => {
      setRefusal(null);
      try {
        await activate.mutateAsync(words);
        toast.success(t('wallet.activated'));
      } catch (err) {
        if (err instanceof ApiError) setRefusal(err.message);
        // A withdrawn check (7604) changes what the screen shows.
        onChanged();
      }
    });

  const ask = async () => {
    setRefusal(null);
    form.resetFields();
    await challenge.mutateAsync();
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%', maxWidth: 520 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('wallet.checkTitle')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('wallet.checkIntro')}</Typography.Text>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="wallet-check-error" />}
      <Form form={form} layout="vertical" onFinish={submit} data-testid="wallet-check-form">
        {FIELDS.map((name, i) => (
          <Form.Item
            key={name}
            name={name}
            label={t('wallet.wordAt', { n: positions[i] })}
            rules={[
              { required: true, whitespace: true, message: t('wallet.wordRequired', { n: positions[i] }) },
              { pattern: /^\s*[A-Za-z]+\s*$/, message: t('wallet.wordFormat') },
            ]}
          >
            <Input autoComplete="off" spellCheck={false} maxLength={16} data-testid={`wallet-${name}`} />
          </Form.Item>
        ))}
        <Space>
          <Button type="primary" htmlType="submit" loading={activate.isPending} data-testid="wallet-activate">
            {t('wallet.activate')}
          </Button>
          <Button onClick={() => void ask().catch(() => undefined)} loading={challenge.isPending}>
            {t('wallet.newCheck')}
          </Button>
        </Space>
      </Form>
    </Space>
  );
}
