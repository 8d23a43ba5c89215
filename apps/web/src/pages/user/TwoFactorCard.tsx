import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { TwoFactorSetup } from '@study-crm/shared';
import { Banner } from '../../components/Banner';
import { useTwoFactorMutations, useTwoFactorStatus } from './api';
import { toast } from '../../lib/feedback';

const CODE_RE = /^\d{6}$/;
const CODE_OR_RECOVERY_RE = /^(\d{6}|[A-Za-z0-9]{4}(-?[A-Za-z0-9]{4}){3})$/;

// The member's own two-factor sign-in: set-up (QR code, first code), the recovery codes shown once, turning off.
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const { setup, confirm, disable } = useTwoFactorMutations();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [confirmForm] = Form.useForm<{ code: string }>();
  const [offForm] = Form.useForm<{ password: string; code: string }>();
  const s = status.data;

  const start = async () => setPending(await setup.mutateAsync());
  const finish = async ({ code }: { code: string }) => {
    const res = await confirm.mutateAsync(code.trim());
    setPending(null);
    setRecovery(res.recoveryCodes);
    confirmForm.resetFields();
    toast.success(t('user.twoFactor.enabled'));
  };
  const turnOff = async ({ password, code }: { password: string; code: string }) => {
    await disable.mutateAsync({ password, code: code.trim() });
    offForm.resetFields();
    toast.success(t('user.twoFactor.disabled'));
  };

  return (
    <Card
      title={
        <Space>
          <SafetyCertificateOutlined />
          {t('user.twoFactor.title')}
          {s && (
            <Tag color={s.enabled ? 'green' : 'default'} data-testid="two-factor-state">
              {t(s.enabled ? 'user.twoFactor.on' : 'user.twoFactor.off')}
            </Tag>
          )}
        </Space>
      }
      loading={status.isLoading}
      data-testid="two-factor-card"
    >
      <Typography.Paragraph type="secondary">{t('user.twoFactor.intro')}</Typography.Paragraph>
      {s?.required && !s.enabled && (
        <Banner type="warning" title={t('user.twoFactor.requiredHint')} data-testid="two-factor-required" />
      )}

      {recovery && (
        <Banner
          type="info"
          title={t('user.twoFactor.recoveryTitle')}
          description={
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Typography.Text>{t('user.twoFactor.recoveryHint')}</Typography.Text>
              <div
                style={{ display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: '6px 24px' }}
                data-testid="recovery-codes"
              >
                {recovery.map((code) => (
                  <Typography.Text key={code} code style={{ fontSize: 15 }}>
                    {code}
                  </Typography.Text>
                ))}
              </div>
              <Typography.Text copyable={{ text: recovery.join('\n') }} type="secondary">
                {t('user.twoFactor.copy')}
              </Typography.Text>
              <Button onClick={() => setRecovery(null)} data-testid="recovery-saved">
                {t('user.twoFactor.recoverySaved')}
              </Button>
            </Space>
          }
        />
      )}

      {s && !s.enabled && !pending && (
        <Button type="primary" onClick={() => void start()} loading={setup.isPending} data-testid="two-factor-setup">
          {t('user.twoFactor.setUp')}
        </Button>
      )}

      {pending && (
        <Space orientation="vertical" size={12} style={{ width: '100%', maxWidth: 520 }}>
          <Typography.Text>{t('user.twoFactor.scan')}</Typography.Text>
          <img src={pending.qrDataUrl} alt="otpauth QR" width={220} height={220} data-testid="two-factor-qr" />
          <Typography.Text>
            {t('user.twoFactor.secret')}:{' '}
            <Typography.Text code copyable data-testid="two-factor-secret">
              {pending.secret}
            </Typography.Text>
          </Typography.Text>
          <Typography.Text>{t('user.twoFactor.enterCode')}</Typography.Text>
          <Form form={confirmForm} layout="inline" onFinish={(v) => void finish(v).catch(() => undefined)}>
            <Form.Item
              name="code"
              rules={[{ required: true, pattern: CODE_RE, message: t('user.twoFactor.codeFormat') }]}
            >
              <Input
                placeholder={t('user.twoFactor.code')}
                maxLength={6}
                inputMode="numeric"
                autoComplete="one-time-code"
                data-testid="two-factor-code"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={confirm.isPending} data-testid="two-factor-confirm">
              {t('user.twoFactor.confirm')}
            </Button>
            <Button onClick={() => setPending(null)} style={{ marginLeft: 8 }}>
              {t('user.twoFactor.cancel')}
            </Button>
          </Form>
        </Space>
      )}

      {s?.enabled && (
        <Space orientation="vertical" size={12}>
          <Typography.Text data-testid="recovery-left">
            {t('user.twoFactor.recoveryLeft', { count: s.recoveryCodesLeft })}
          </Typography.Text>
          {s.required ? (
            <Typography.Text type="secondary">{t('user.twoFactor.requiredOn')}</Typography.Text>
          ) : (
            <>
              <Typography.Text>{t('user.twoFactor.turnOffCode')}</Typography.Text>
              <Form form={offForm} layout="inline" onFinish={(v) => void turnOff(v).catch(() => undefined)}>
                <Form.Item name="password" rules={[{ required: true, message: t('user.twoFactor.passwordRequired') }]}>
                  <Input.Password
                    placeholder={t('user.twoFactor.password')}
                    maxLength={100}
                    autoComplete="current-password"
                    data-testid="two-factor-off-password"
                  />
                </Form.Item>
                <Form.Item
                  name="code"
                  rules={[{ required: true, pattern: CODE_OR_RECOVERY_RE, message: t('user.twoFactor.codeFormat') }]}
                >
                  <Input
                    placeholder={t('user.twoFactor.code')}
                    maxLength={19}
                    autoComplete="one-time-code"
                    data-testid="two-factor-off-code"
                  />
                </Form.Item>
                <Button danger htmlType="submit" loading={disable.isPending} data-testid="two-factor-off">
                  {t('user.twoFactor.turnOff')}
                </Button>
              </Form>
            </>
          )}
        </Space>
      )}
    </Card>
  );
}
