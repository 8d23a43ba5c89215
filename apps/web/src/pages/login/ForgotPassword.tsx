import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, Modal, Space, type ButtonProps } from 'antd';
import { Code, VERIFY_RESEND_SECONDS, verificationApi } from '@study-crm/shared';
import { call } from '../../api/call';
import { AntdProviders } from '../../components/AntdProviders';
import { registerBundle } from '../../i18n';
import { emailRule, newPasswordRules, repeatedRules, requiredRule } from '../../components/form/rules';
import { useConfirm } from '../../components/form/useConfirm';
import { useCountdown } from '../../components/form/useCountdown';
import { useFocusReturn } from '../../components/useFocusReturn';
import { forgot } from './forgot-locale';
import { useCaptcha } from './useCaptcha';
import { toast } from '../../lib/feedback';

// Loaded only when the dialog opens: its strings come with it.
registerBundle(forgot);

type Values = { email: string; captcha: string; code: string; password: string; confirm: string };
// Refusals shown inside the dialog rather than as a toast.
const INLINE = [400, 1005, 4001, 4002, Code.RESEND_TOO_SOON, 7200, 7201, 7205];

// Forgotten password: a code by e-mail (behind the picture captcha), then a new password with it.
function ForgotPassword({ onClose }: { onClose: (email?: string) => void }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const { left, start } = useCountdown();
  // The picture's code by e-mail has its own minute per address.
  const mailCountdown = useCountdown();
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function sendCode() {
    const v = await form.validateFields(['email']).catch(() => null);
    if (!v) return;
    // The picture code is needed for the send only (it is cleared after each send), not for the reset itself.
    const picture = (form.getFieldValue('captcha') as string | undefined)?.trim();
    if (!picture) {
      form.setFields([{ name: 'captcha', errors: [t('forgot.captchaRequired')] }]);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await call(
        verificationApi.resetCode,
        { email: v.email.trim(), key: captcha.key, captcha: picture },
        { isLogin: true, apiResCode: INLINE },
      );
      if (res.meta.code === 200) {
        start(VERIFY_RESEND_SECONDS);
        setInfo(t('forgot.sent'));
      } else setError(res.meta.message);
    } catch {
      // The client already showed the transport error.
    } finally {
      form.setFieldValue('captcha', '');
      captcha.refresh();
      setBusy(false);
    }
  }

  // The picture's code by e-mail instead (WCAG 3.3.8, decision 369): it goes to the address typed above, whose
  // mailbox the reset needs anyway; the member pastes it into the picture's field.
  async function mailCaptcha() {
    const v = await form.validateFields(['email']).catch(() => null);
    if (!v) return;
    setBusy(true);
    setError(null);
    try {
      const res = await call(
        verificationApi.captchaByEmail,
        { email: v.email.trim(), key: captcha.key },
        { isLogin: true, apiResCode: INLINE },
      );
      if (res.meta.code === 200) {
        mailCountdown.start(res.data.resendSeconds);
        setInfo(t('forgot.captchaSent'));
      } else {
        if (res.meta.code === Code.CAPTCHA_EXPIRED) captcha.refresh();
        setError(res.meta.message);
      }
    } catch {
      // The client already showed the transport error.
    } finally {
      setBusy(false);
    }
  }

  const submit = (v: Values) =>
    confirm(t('forgot.confirmReset'), async () => {
      setError(null);
      const res = await call(
        verificationApi.resetPwdByEmail,
        { email: v.email.trim(), code: v.code.trim(), password: v.password },
        { isLogin: true, apiResCode: INLINE },
      );
      if (res.meta.code !== 200) {
        setError(res.meta.message);
        return;
      }
      toast.success(t('forgot.done'));
      onClose(v.email.trim());
    });

  return (
    <Modal
      open
      title={t('forgot.title')}
      onCancel={() => onClose()}
      onOk={() => form.submit()}
      okText={t('forgot.submit')}
      okButtonProps={{ 'data-testid': 'forgot-submit' } as ButtonProps}
      destroyOnHidden
    >
      <p>{t('forgot.intro')}</p>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="forgot-error" />}
      {info && !error && (
        <Alert type="success" showIcon title={info} style={{ marginBottom: 12 }} data-testid="forgot-info" />
      )}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="forgot-form">
        <Form.Item
          name="email"
          label={t('forgot.email')}
          rules={[requiredRule(t('forgot.emailRequired')), emailRule(t('forgot.emailInvalid'))]}
        >
          <Input autoComplete="email" maxLength={120} data-testid="forgot-email" />
        </Form.Item>
        <Form.Item
          label={t('forgot.captcha')}
          // The label names the picture's field inside the row (WCAG 1.3.1): this item has no name of its own.
          htmlFor="captcha"
          required
          extra={
            <Button
              type="link"
              size="small"
              style={{ paddingInline: 0 }}
              onClick={() => void mailCaptcha()}
              disabled={busy || mailCountdown.left > 0}
              data-testid="forgot-captcha-mail"
            >
              {mailCountdown.left > 0
                ? t('forgot.resendIn', { seconds: mailCountdown.left })
                : t('forgot.captchaByEmail')}
            </Button>
          }
        >
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="captcha" noStyle>
              <Input maxLength={6} autoComplete="off" data-testid="forgot-captcha" />
            </Form.Item>
            <button type="button" className="login-captcha-img" onClick={captcha.refresh}>
              {captcha.src ? <img src={captcha.src} alt={t('forgot.captcha')} width={120} height={32} /> : null}
            </button>
            <Button onClick={() => void sendCode()} loading={busy} disabled={left > 0} data-testid="forgot-send">
              {left > 0 ? t('forgot.resendIn', { seconds: left }) : t('forgot.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="code"
          label={t('forgot.code')}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('forgot.codeFormat') }]}
        >
          <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" data-testid="forgot-code" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('forgot.password')}
          rules={newPasswordRules({ required: t('forgot.passwordLength'), length: t('forgot.passwordLength') })}
        >
          <Input.Password autoComplete="new-password" data-testid="forgot-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('forgot.confirm')}
          dependencies={['password']}
          rules={repeatedRules('password', { required: t('forgot.mismatch'), mismatch: t('forgot.mismatch') })}
        >
          <Input.Password autoComplete="new-password" data-testid="forgot-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// The login page is drawn without antd; the dialog brings antd's theme, locale and feedback with it.
export default function ForgotPasswordDialog(props: { onClose: (email?: string) => void }) {
  // Unmounted to close: the focus goes back to "Forgot password" (WCAG 2.4.3).
  useFocusReturn();
  return (
    <AntdProviders>
      <ForgotPassword {...props} />
    </AntdProviders>
  );
}
