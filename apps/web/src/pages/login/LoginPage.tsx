import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, Select, theme, Typography } from 'antd';
import { KeyOutlined, LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import {
  Code,
  LOCALES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  twoFactorApi,
  authApi,
  type LoginResult,
  type Locale,
  type TwoFactorChallenge,
} from '@study-crm/shared';
import { call } from '../../api/call';
import { HOME_PATH } from '../../app/paths';
import { changeLocale, currentLocale, LOCALE_NAMES } from '../../i18n';
import { useSession } from '../../stores/session';
import { LoginAnnouncements } from './LoginAnnouncements';
import { useCaptcha } from './useCaptcha';
import { useDocumentTitle } from '../../app/useBrand';
import './login.css';

// The forgotten-password dialog and its strings load only when it is opened (the login bundle stays small).
const ForgotPassword = lazy(() => import('./ForgotPassword'));

type Values = { loginName: string; password: string; code: string };

// Codes the form shows itself, next to the fields, rather than as a toast.
const INLINE_CODES = [400, 401, 1001, 1002, 1005, 4001, 4002, 6400, 9004, Code.TWO_FACTOR_REQUIRED];
const CODE_STEP_CODES = [400, 1001, 1002, 1005, 6400, Code.TWO_FACTOR_INVALID, Code.TWO_FACTOR_EXPIRED];
const PROFILE_PATH = '/user/profile';

// Only same-app paths are accepted as a redirect target (no open redirect).
function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login')
    ? target
    : HOME_PATH;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signIn = useSession((s) => s.signIn);
  const loadAccess = useSession((s) => s.loadAccess);
  // Set when the password was right and the second factor is needed (the ticket of the 1010 answer).
  const [ticket, setTicket] = useState<string | null>(null);
  const [codeForm] = Form.useForm<{ totp: string }>();
  const [isForgotOpen, setForgotOpen] = useState(false);
  useDocumentTitle(t('common.login'));

  async function enter(result: LoginResult) {
    if (!signIn(result.token, result.mid)) {
      setError(t('login.storeFailed'));
      return;
    }
    await loadAccess();
    // A role that requires two-factor sign-in, not set up yet: the profile page is where it is set up.
    const status = await call(twoFactorApi.status, undefined, { apiResCode: [Code.TWO_FACTOR_SETUP_REQUIRED] });
    const mustSetUp = status.meta.code === 200 && status.data.required && !status.data.enabled;
    navigate(mustSetUp ? PROFILE_PATH : safeRedirect(params.get('redirect')), { replace: true });
  }

  async function submitCode(values: { totp: string }) {
    if (!ticket) return;
    setBusy(true);
    setError(null);
    try {
      const res = await call(
        twoFactorApi.login,
        { ticket, code: values.totp.trim() },
        { isLogin: true, apiResCode: CODE_STEP_CODES },
      );
      if (res.meta.code !== 200) {
        setError(res.meta.message);
        codeForm.setFieldValue('totp', '');
        // An expired ticket or a lock: back to the password step.
        if (res.meta.code !== Code.TWO_FACTOR_INVALID) back();
        return;
      }
      await enter(res.data);
    } catch {
      // The client already showed the transport error.
    } finally {
      setBusy(false);
    }
  }

  function back() {
    setTicket(null);
    form.setFieldValue('code', '');
    captcha.refresh();
  }

  async function submit(values: Values) {
    setBusy(true);
    setError(null);
    try {
      const res = await call(
        authApi.loginByName,
        { loginName: values.loginName.trim(), password: values.password, key: captcha.key, code: values.code.trim() },
        { isLogin: true, apiResCode: INLINE_CODES },
      );
      if (res.meta.code === Code.TWO_FACTOR_REQUIRED) {
        setTicket((res.data as unknown as TwoFactorChallenge).ticket);
        return;
      }
      if (res.meta.code !== 200) {
        setError(res.meta.message);
        form.setFieldValue('code', '');
        captcha.refresh();
        return;
      }
      await enter(res.data);
    } catch {
      captcha.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="login-page">
      <div className="login-brand">
        <div className="login-logo">SC</div>
        <Typography.Title level={2} className="login-brand-title">
          {t('common.appName')}
        </Typography.Title>
        <Typography.Paragraph className="login-brand-sub">{t('login.subtitle')}</Typography.Paragraph>
        <LoginAnnouncements locale={currentLocale()} />
      </div>
      <section
        className="login-card"
        style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}
      >
        <div className="login-card-head">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('login.title')}
          </Typography.Title>
          <Select<Locale>
            aria-label={t('login.language')}
            size="small"
            value={currentLocale()}
            onChange={changeLocale}
            options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
            style={{ width: 110 }}
            data-testid="login-locale"
          />
        </div>
        {error && <Alert type="error" showIcon message={error} className="login-error" data-testid="login-error" />}
        {ticket && (
          <Form
            form={codeForm}
            layout="vertical"
            requiredMark={false}
            onFinish={submitCode}
            disabled={busy}
            size="large"
            data-testid="login-code-step"
          >
            <Typography.Title level={4}>{t('login.codeTitle')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('login.codeHint')}</Typography.Paragraph>
            <Form.Item
              name="totp"
              label={t('login.code')}
              rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
            >
              <Input
                prefix={<KeyOutlined />}
                placeholder={t('login.codePlaceholder')}
                maxLength={19}
                autoComplete="one-time-code"
                inputMode="text"
                autoFocus
                data-testid="login-totp"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-code-submit">
              {t('login.codeSubmit')}
            </Button>
            <Button type="link" block onClick={back} style={{ marginTop: 8 }}>
              {t('login.codeBack')}
            </Button>
          </Form>
        )}
        <Form
          form={form}
          style={ticket ? { display: 'none' } : undefined}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          disabled={busy}
          size="large"
        >
          <Form.Item
            name="loginName"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('login.usernamePlaceholder')}
              autoComplete="username"
              autoFocus
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[
              { required: true, message: t('login.passwordRequired') },
              { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('login.passwordLength') },
            ]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
            />
          </Form.Item>
          <Form.Item label={t('login.captcha')} htmlFor="code" required extra={t('login.refreshCaptcha')}>
            <div className="login-captcha-row">
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
              >
                <Input
                  prefix={<SafetyOutlined />}
                  placeholder={t('login.captchaPlaceholder')}
                  maxLength={6}
                  autoComplete="off"
                />
              </Form.Item>
              <button
                type="button"
                className="login-captcha-img"
                onClick={captcha.refresh}
                title={t('login.captchaAlt')}
              >
                {captcha.src ? <img src={captcha.src} alt={t('login.captchaAlt')} width={120} height={40} /> : null}
              </button>
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <Button
            type="link"
            block
            onClick={() => setForgotOpen(true)}
            style={{ marginTop: 8 }}
            data-testid="login-forgot"
          >
            {t('login.forgot')}
          </Button>
        </Form>
        {isForgotOpen && (
          <Suspense fallback={null}>
            <ForgotPassword
              onClose={(email) => {
                setForgotOpen(false);
                if (email) form.setFieldValue('loginName', email);
              }}
            />
          </Suspense>
        )}
      </section>
    </div>
  );
}
