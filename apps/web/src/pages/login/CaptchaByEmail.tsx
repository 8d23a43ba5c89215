import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, Modal, type ButtonProps } from 'antd';
import { Code, verificationApi } from '@study-crm/shared';
import { call } from '../../api/call';
import { AntdProviders } from '../../components/AntdProviders';
import { registerBundle } from '../../i18n';
import { emailRule, requiredRule } from '../../components/form/rules';
import { useCountdown } from '../../components/form/useCountdown';
import { useFocusReturn } from '../../components/useFocusReturn';
import { captchaMail } from './captcha-mail-locale';

// Loaded only when the dialog opens: its strings come with it.
registerBundle(captchaMail);

// Refusals shown inside the dialog rather than as a toast.
const INLINE = [400, 1005, 4002, Code.RESEND_TOO_SOON, 7205];

// The latest send, kept by the page across the dialog's openings (the one record of it, decision 376): when another
// may be sent (ms), what the dialog said of it, and whether a refused sign-in has used its code up since.
export type MailedCode = { resendAt: number; email: string; minutes: number; usedUp?: boolean };

type Props = {
  // The picture's key: the e-mailed code answers it instead.
  captchaKey: string;
  // What the username field holds, when it is an e-mail address.
  email: string;
  // The key was gone (expired or used): the page draws a new picture, whose key the next send names.
  onExpired: () => void;
  mailed: MailedCode | null;
  onSent: (mailed: MailedCode) => void;
  onClose: () => void;
};

// The sign-in picture's code by e-mail (WCAG 3.3.8, decision 369): whoever cannot read the picture copies the code
// from their mailbox and pastes it into the code field.
function CaptchaByEmail({ captchaKey, email, mailed, onSent, onExpired, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const { left, start } = useCountdown();
  // A send made at an earlier opening still counts down.
  const resendAt = mailed?.resendAt ?? 0;
  useEffect(() => {
    if (resendAt > Date.now()) start(Math.ceil((resendAt - Date.now()) / 1000));
  }, [resendAt, start]);
  // The send the dialog opened with: another since is this opening's, which it tells of.
  const [openedWith] = useState(mailed);
  const sent = mailed !== openedWith ? mailed : null;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    onClose();
    // A code is on its way: the sign-in page's field it goes in is next.
    if (sent) setTimeout(() => document.getElementById('code')?.focus());
  };

  async function send({ email: typed }: { email: string }) {
    setBusy(true);
    setError(null);
    try {
      const address = typed.trim();
      const res = await call(
        verificationApi.captchaByEmail,
        { email: address, key: captchaKey },
        { isLogin: true, apiResCode: INLINE },
      );
      if (res.meta.code === 200) {
        start(res.data.resendSeconds);
        onSent({
          resendAt: Date.now() + res.data.resendSeconds * 1000,
          email: address,
          minutes: Math.floor(res.data.expiresSeconds / 60),
        });
      } else if (res.meta.code === Code.CAPTCHA_EXPIRED) {
        onExpired();
        setError(t('captchaMail.renewed'));
      } else setError(res.meta.message);
    } catch {
      // The client already showed the transport error.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('captchaMail.title')}
      onCancel={close}
      footer={
        <>
          <Button onClick={close} data-testid="captcha-mail-done">
            {t('captchaMail.done')}
          </Button>
          <Button
            type="primary"
            onClick={() => form.submit()}
            loading={busy}
            disabled={left > 0}
            {...({ 'data-testid': 'captcha-mail-send' } as ButtonProps)}
          >
            {left > 0 ? t('captchaMail.resendIn', { seconds: left }) : t('captchaMail.send')}
          </Button>
        </>
      }
      destroyOnHidden
    >
      <p>{t('captchaMail.intro')}</p>
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="captcha-mail-error" />
      )}
      {sent && !error && (
        <Alert
          type="success"
          showIcon
          title={t('captchaMail.sent', { email: sent.email, minutes: sent.minutes })}
          style={{ marginBottom: 12 }}
          data-testid="captcha-mail-sent"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email }}
        onFinish={(v) => void send(v)}
        data-testid="captcha-mail-form"
      >
        <Form.Item
          name="email"
          label={t('captchaMail.email')}
          rules={[requiredRule(t('captchaMail.emailRequired')), emailRule(t('captchaMail.emailInvalid'))]}
        >
          <Input autoComplete="email" maxLength={120} autoFocus data-testid="captcha-mail-email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// The login page is drawn without antd; the dialog brings antd's theme, locale and feedback with it.
export default function CaptchaByEmailDialog(props: Props) {
  // Unmounted to close: the focus goes back to the button that opened it (WCAG 2.4.3), unless `close` moves it on.
  useFocusReturn();
  return (
    <AntdProviders>
      <CaptchaByEmail {...props} />
    </AntdProviders>
  );
}
