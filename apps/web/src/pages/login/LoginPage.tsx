import { Suspense, useEffect, useState, type CSSProperties, type SubmitEvent } from 'react';
import { lazyPart } from '../../components/lazyPart';
import { useTranslation } from 'react-i18next';
import {
  Code,
  LOCALES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  twoFactorApi,
  authApi,
  merchantApi,
  type LoginResult,
  type Locale,
  type TwoFactorChallenge,
} from '@study-crm/shared';
import { call } from '../../api/call';
import { useBodyTheme } from '../../components/bodyTheme';
import { HOME_PATH, PROFILE_PATH } from '../../paths';
import { changeLocale, currentLocale, LOCALE_NAMES } from '../../i18n';
import { useSession } from '../../stores/session';
import { useSettings } from '../../stores/settings';
import { Field, LinkButton, PasswordInput, SubmitButton, TextInput, useLoginForm } from './fields';
import { LoginAnnouncements } from './LoginAnnouncements';
import { useCaptcha } from './useCaptcha';
import type { MailedCode } from './CaptchaByEmail';
import { merchantName } from '../../lib/brand';
import './login.css';

// The forgotten-password dialog (antd, with its strings) loads only when it is opened: the login page itself is
// drawn without antd so that it is small (decision 101).
const ForgotPassword = lazyPart(() => import('./ForgotPassword'));
// The picture's code by e-mail (WCAG 3.3.8, decision 369), likewise.
const CaptchaByEmail = lazyPart(() => import('./CaptchaByEmail'));

// Codes the form shows itself, next to the fields, rather than as a toast.
const INLINE_CODES = [400, 401, 1001, 1002, 1005, 4001, 4002, 6400, 9004, Code.TWO_FACTOR_REQUIRED];
const CODE_STEP_CODES = [400, 1001, 1002, 1005, 6400, Code.TWO_FACTOR_INVALID, Code.TWO_FACTOR_EXPIRED];

// A message ended as a sentence, for another to follow: Chinese ones unspaced.
function sentence(message: string): string {
  const zh = currentLocale().startsWith('zh');
  if (/[。！？.!?]$/.test(message)) return zh ? message : `${message} `;
  return zh ? `${message}。` : `${message}. `;
}

// Only same-app paths are accepted as a redirect target (no open redirect).
function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login')
    ? target
    : HOME_PATH;
}

// The browser title: the merchant's display name and the page's (as useDocumentTitle does inside the portal, without
// its query cache, which this page does not load).
function useLoginTitle(appName: string, pageTitle: string) {
  useEffect(() => {
    let live = true;
    document.title = `${appName} - ${pageTitle}`;
    call(merchantApi.view, undefined, { isLogin: true, apiResCode: [401, 403, 404, 500] })
      .then((res) => {
        const name = res.meta.code === 200 && res.data ? merchantName(res.data, currentLocale()) : '';
        if (live && name) document.title = `${name} - ${pageTitle}`;
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [appName, pageTitle]);
}

// Sign-in (spec section 4). onSignedIn moves on to the target: by the router's navigation, or, when the page was
// drawn before the portal loaded (main.tsx), by loading it there.
export default function LoginPage({
  onSignedIn,
  prefetch,
}: {
  onSignedIn: (target: string) => void;
  // Starts loading what comes after sign-in (the frame); called as the member starts filling in the form.
  prefetch: () => void;
}) {
  const { t } = useTranslation();
  // Where to go after sign-in, read once: the address changes when the session starts (the router's guard).
  const [target] = useState(() => safeRedirect(new URLSearchParams(window.location.search).get('redirect')));
  const captcha = useCaptcha();
  const themeColor = useSettings((s) => s.themeColor);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signIn = useSession((s) => s.signIn);
  const loadAccess = useSession((s) => s.loadAccess);
  // Set when the password was right and the second factor is needed (the ticket of the 1010 answer).
  const [ticket, setTicket] = useState<string | null>(null);
  const [isForgotOpen, setForgotOpen] = useState(false);
  const [isCaptchaMailOpen, setCaptchaMailOpen] = useState(false);
  // The latest code e-mailed (decision 369; its one record, decision 376), kept across the dialog's openings.
  const [mailed, setMailed] = useState<MailedCode | null>(null);
  useLoginTitle(t('common.appName'), t('common.login'));
  useBodyTheme();

  const required = (message: string) => (v: string) => (v.trim() ? null : message);
  const form = useLoginForm(
    { loginName: '', password: '', code: '' },
    {
      loginName: required(t('login.usernameRequired')),
      password: (v) =>
        !v
          ? t('login.passwordRequired')
          : v.length < PASSWORD_MIN || v.length > PASSWORD_MAX
            ? t('login.passwordLength')
            : null,
      code: required(t('login.captchaRequired')),
    },
  );
  const codeForm = useLoginForm({ totp: '' }, { totp: required(t('login.codeRequired')) });

  async function enter(result: LoginResult) {
    if (!signIn(result.token, result.mid)) {
      setError(t('login.storeFailed'));
      return;
    }
    await loadAccess();
    // A role that requires two-factor sign-in, not set up yet: the profile page is where it is set up.
    const status = await call(twoFactorApi.status, undefined, { apiResCode: [Code.TWO_FACTOR_SETUP_REQUIRED] });
    const mustSetUp = status.meta.code === 200 && status.data.required && !status.data.enabled;
    onSignedIn(mustSetUp ? PROFILE_PATH : target);
  }

  // A call that did not answer: said on the form (there is no toast on this page).
  const unreachable = () => setError(t('common.networkUnstable'));

  async function submitCode(e: SubmitEvent) {
    e.preventDefault();
    if (!ticket || busy || !codeForm.validate()) return;
    setBusy(true);
    setError(null);
    try {
      const res = await call(
        twoFactorApi.login,
        // Authenticator apps show the code as "123 456": no space is part of it.
        { ticket, code: codeForm.values.totp.replace(/\s+/g, '') },
        { isLogin: true, apiResCode: CODE_STEP_CODES },
      );
      if (res.meta.code !== 200) {
        setError(res.meta.message);
        codeForm.set('totp', '');
        // An expired ticket or a lock: back to the password step. A wrong or malformed code keeps the ticket.
        if (res.meta.code !== Code.TWO_FACTOR_INVALID && res.meta.code !== 400) back();
        return;
      }
      await enter(res.data);
    } catch {
      unreachable();
    } finally {
      setBusy(false);
    }
  }

  function back() {
    setTicket(null);
    form.set('code', '');
    captcha.refresh();
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (busy || !form.validate()) return;
    const values = form.values;
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
        // The code typed may be the one e-mailed since the last refusal: it is used up with the key, which is said
        // (the dialog's strings are loaded then; the refusal ends as a sentence before them).
        setError(
          mailed && !mailed.usedUp ? `${sentence(res.meta.message)}${t('captchaMail.spent')}` : res.meta.message,
        );
        setMailed(mailed && { ...mailed, usedUp: true });
        form.set('code', '');
        captcha.refresh();
        return;
      }
      await enter(res.data);
    } catch {
      unreachable();
      captcha.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="login-page" style={{ '--login-primary': themeColor } as CSSProperties}>
      <div className="login-brand">
        <div className="login-logo">SC</div>
        <h2 className="login-brand-title">{t('common.appName')}</h2>
        <p className="login-brand-sub">{t('login.subtitle')}</p>
        <LoginAnnouncements locale={currentLocale()} />
      </div>
      <section className="login-card">
        <div className="login-card-head">
          <h3>{t('login.title')}</h3>
          <select
            className="login-locale"
            aria-label={t('login.language')}
            value={currentLocale()}
            onChange={(e) => changeLocale(e.target.value as Locale)}
            data-testid="login-locale"
          >
            {LOCALES.map((l) => (
              // Each name in its own language (WCAG 3.1.2).
              <option key={l} value={l} lang={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
        {error && (
          <div className="login-error" role="alert" data-testid="login-error">
            {error}
          </div>
        )}
        {ticket && (
          <form noValidate onSubmit={submitCode} data-testid="login-code-step">
            <fieldset disabled={busy}>
              <h4>{t('login.codeTitle')}</h4>
              <p className="login-muted">{t('login.codeHint')}</p>
              <Field id="totp" label={t('login.code')} error={codeForm.errors.totp}>
                <TextInput
                  {...codeForm.input('totp')}
                  placeholder={t('login.codePlaceholder')}
                  maxLength={19}
                  autoComplete="one-time-code"
                  autoFocus
                  data-testid="login-totp"
                />
              </Field>
              <SubmitButton busy={busy} testId="login-code-submit">
                {t('login.codeSubmit')}
              </SubmitButton>
              <LinkButton onClick={back} testId="login-code-back">
                {t('login.codeBack')}
              </LinkButton>
            </fieldset>
          </form>
        )}
        <form noValidate onSubmit={submit} hidden={Boolean(ticket)} onInput={prefetch}>
          <fieldset disabled={busy}>
            <Field id="loginName" label={t('login.username')} error={form.errors.loginName}>
              <TextInput
                {...form.input('loginName')}
                placeholder={t('login.usernamePlaceholder')}
                autoComplete="username"
                autoFocus
              />
            </Field>
            <Field id="password" label={t('login.password')} error={form.errors.password}>
              <PasswordInput
                {...form.input('password')}
                placeholder={t('login.passwordPlaceholder')}
                autoComplete="current-password"
                showLabel={t('login.showPassword')}
                hideLabel={t('login.hidePassword')}
              />
            </Field>
            <Field id="code" label={t('login.captcha')} error={form.errors.code} extra={t('login.refreshCaptcha')}>
              <div className="login-captcha-row">
                <TextInput
                  {...form.input('code')}
                  placeholder={t('login.captchaPlaceholder')}
                  maxLength={6}
                  autoComplete="off"
                />
                <button
                  type="button"
                  className="login-captcha-img"
                  onClick={captcha.refresh}
                  title={t('login.captchaAlt')}
                >
                  {captcha.src ? <img src={captcha.src} alt={t('login.captchaAlt')} width={120} height={40} /> : null}
                </button>
              </div>
            </Field>
            <LinkButton
              className="login-captcha-mail"
              onClick={() => setCaptchaMailOpen(true)}
              testId="login-captcha-mail"
            >
              {t('login.captchaByEmail')}
            </LinkButton>
            <SubmitButton busy={busy} testId="login-submit">
              {t('login.submit')}
            </SubmitButton>
            <LinkButton onClick={() => setForgotOpen(true)} testId="login-forgot">
              {t('login.forgot')}
            </LinkButton>
          </fieldset>
        </form>
        {isCaptchaMailOpen && (
          <Suspense fallback={null}>
            <CaptchaByEmail
              captchaKey={captcha.key}
              email={form.values.loginName.includes('@') ? form.values.loginName.trim() : ''}
              mailed={mailed}
              onSent={setMailed}
              onExpired={captcha.refresh}
              onClose={() => setCaptchaMailOpen(false)}
            />
          </Suspense>
        )}
        {isForgotOpen && (
          <Suspense fallback={null}>
            <ForgotPassword
              onClose={(email) => {
                setForgotOpen(false);
                if (email) form.set('loginName', email);
              }}
            />
          </Suspense>
        )}
      </section>
    </div>
  );
}
