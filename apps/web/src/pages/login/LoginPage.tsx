import { call } from '../../api/call';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Select, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { LOCALES, PASSWORD_MAX, PASSWORD_MIN, type Locale, authApi } from '@study-crm/shared';
import { LOCALE_NAMES } from '../../app/layout/localeNames';
import { HOME_PATH } from '../../app/paths';
import { useDocumentTitle } from '../../app/useScreen';
import { changeLocale, currentLocale } from '../../i18n';
import { useSession } from '../../stores/session';
import { useCaptcha } from './useCaptcha';
import './login.css';

type Values = { loginName: string; password: string; code: string };

// Codes the form shows itself, next to the fields, rather than as a toast.
const INLINE_CODES = [400, 401, 1001, 1002, 1005, 4001, 4002, 6400, 9004];

// Only same-app paths are accepted as a redirect target (no open redirect).
function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login')
    ? target
    : HOME_PATH;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signIn = useSession((s) => s.signIn);
  const loadAccess = useSession((s) => s.loadAccess);
  useDocumentTitle(t('common.login'));

  async function submit(values: Values) {
    setBusy(true);
    setError(null);
    try {
      const res = await call(
        authApi.loginByName,
        { loginName: values.loginName.trim(), password: values.password, key: captcha.key, code: values.code.trim() },
        { isLogin: true, apiResCode: INLINE_CODES },
      );
      if (res.meta.code !== 200) {
        setError(res.meta.message);
        form.setFieldValue('code', '');
        captcha.refresh();
        return;
      }
      if (!signIn(res.data.token, res.data.mid)) {
        setError(t('login.storeFailed'));
        return;
      }
      await loadAccess();
      navigate(safeRedirect(params.get('redirect')), { replace: true });
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
      </div>
      <Card className="login-card" variant="borderless">
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
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy} size="large">
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
        </Form>
      </Card>
    </div>
  );
}
