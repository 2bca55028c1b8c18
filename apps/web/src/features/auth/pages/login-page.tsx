import {
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  MessageOutlined,
  ReloadOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { captchaResponse, LoginMode } from '@robot-ads/contracts/auth/auth.schemas';
import type { sendCodeResponse } from '@robot-ads/contracts/auth/two-factor.schemas';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { login } from '../../../app/auth';
import { ApiError, api } from '../../../lib/api-client';
import { readJson, safeLocalStorage, writeJson } from '../../../lib/store';
import { setPageTitle } from '../../../lib/title';
import { BuildVersion } from '../components/build-version';
import { LanguageToggle } from '../components/language-toggle';

const MODES: LoginMode[] = ['operator', 'advertiser', 'owner'];
const REMEMBER_KEY = 'robot-ads-login';

/** The browser remembers the login name and the mode, never the password (the server keeps a longer session). */
interface Remembered {
  mode: LoginMode;
  username: string;
  remember: boolean;
}

/** Codes after which the server wants a verification code with the next try. */
const CAPTCHA_CODES = new Set(['VERIFY_CODE_REQUIRED', 'VERIFY_CODE_WRONG', 'CAPTCHA_EXPIRED']);
/** Codes of an advertiser with two-factor login: the password was right, a sent code is wanted. */
const TWO_FACTOR_CODES = new Set(['TWO_FACTOR_REQUIRED', 'TWO_FACTOR_CODE_WRONG', 'TWO_FACTOR_CODE_EXPIRED']);

function safeRedirect(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return '/';
  return value;
}

/** The send button sits where the captcha picture sits, sized for its text. */
const SEND_BUTTON_STYLE = { width: 'auto', minWidth: 120, padding: '0 12px', color: '#1f2329', fontSize: 14 };
const NOTICE_STYLE = { color: '#237804', fontSize: 13, marginTop: 4 };

type FieldName = 'username' | 'password' | 'verifyCode' | 'loginCode';

/**
 * The login screen. Built from native controls styled like the rest of the product: it is the first
 * page of every visit, so it loads as little as possible (see bench/web-bundle-size.ts).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [remembered] = useState(() =>
    readJson<Remembered>(safeLocalStorage, REMEMBER_KEY, { mode: 'operator', username: '', remember: false }),
  );
  const [mode, setMode] = useState<LoginMode>(MODES.includes(remembered.mode) ? remembered.mode : 'operator');
  const [username, setUsername] = useState(remembered.username);
  const [password, setPassword] = useState('');
  const [verifyCode, setVerifyCode] = useState('');
  const [remember, setRemember] = useState(remembered.remember);
  const [showPassword, setShowPassword] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** The two-factor step: the code field shows once the server asked for a sent code. */
  const [twoFactor, setTwoFactor] = useState(false);
  const [loginCode, setLoginCode] = useState('');
  const [resendIn, setResendIn] = useState(0);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  useEffect(() => {
    setPageTitle(t('login.title'));
  }, [t]);

  const loadCaptcha = async (name: string) => {
    try {
      const data = await api.get<z.infer<typeof captchaResponse>>('/api/Users/captcha', {
        query: { username: name },
        silent: true,
      });
      setCaptcha(data.image);
      setVerifyCode('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('errors.network'));
    }
  };

  const validate = (): boolean => {
    const next: Partial<Record<FieldName, string>> = {};
    if (!username.trim()) next.username = t('login.usernameRequired');
    if (!password) next.password = t('login.passwordRequired');
    if (captcha && !verifyCode.trim()) next.verifyCode = t('login.verifyCodeRequired');
    if (twoFactor && !loginCode.trim()) next.loginCode = t('login.twoFactorRequired');
    setFieldErrors(next);
    return Object.keys(next).length === 0;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !validate()) return;
    setSubmitting(true);
    setError(null);
    const name = username.trim();
    try {
      const code = twoFactor ? loginCode.trim() : verifyCode.trim();
      await login(mode, { username: name, password, verifyCode: code, remember });
      writeJson(safeLocalStorage, REMEMBER_KEY, {
        mode,
        username: remember ? name : '',
        remember,
      } satisfies Remembered);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      setError(apiError?.message ?? t('errors.network'));
      setNotice(null);
      if (apiError && TWO_FACTOR_CODES.has(apiError.code)) {
        // The password was right: keep it, drop the captcha (its count was reset), ask for the code.
        setTwoFactor(true);
        setCaptcha(null);
        setLoginCode('');
        return;
      }
      setPassword('');
      if ((apiError && CAPTCHA_CODES.has(apiError.code)) || captcha) await loadCaptcha(name);
    } finally {
      setSubmitting(false);
    }
  };

  const leaveTwoFactor = () => {
    setTwoFactor(false);
    setLoginCode('');
    setNotice(null);
  };

  const selectMode = (next: LoginMode) => {
    setMode(next);
    setError(null);
    leaveTwoFactor();
  };

  const sendCode = async () => {
    if (sending || resendIn > 0) return;
    setSending(true);
    setError(null);
    try {
      const data = await api.get<z.infer<typeof sendCodeResponse>>('/api/AdvertiserUsers/advertiserSendCode', {
        query: { username: username.trim() },
        silent: true,
      });
      setResendIn(data.resendIn);
      setNotice(t('login.codeSent', { minutes: Math.round(data.expiresIn / 60) }));
      document.getElementById('login-code')?.focus();
    } catch (err) {
      setNotice(null);
      setError(err instanceof ApiError ? err.message : t('errors.network'));
    } finally {
      setSending(false);
    }
  };

  const field = (name: FieldName) => ({
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': fieldErrors[name] ? `login-${name}-error` : undefined,
  });
  const fieldError = (name: FieldName) =>
    fieldErrors[name] ? (
      <div className="ra-field-error" id={`login-${name}-error`}>
        {fieldErrors[name]}
      </div>
    ) : null;

  /** A code input with a button beside it: the captcha (with its picture) or the sent login code (send). */
  const codeRow = (
    name: 'verifyCode' | 'loginCode',
    id: string,
    label: string,
    icon: ReactNode,
    input: InputHTMLAttributes<HTMLInputElement>,
    button: ReactNode,
  ) => (
    <>
      <label className="ra-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="ra-captcha-row">
        <div className={`ra-field${fieldErrors[name] ? ' is-invalid' : ''}`}>
          {icon}
          <input id={id} name={name} {...input} {...field(name)} />
        </div>
        {button}
      </div>
      {fieldError(name)}
    </>
  );

  return (
    <div className="ra-login">
      <div className="ra-login-lang">
        <LanguageToggle />
      </div>
      <section className="ra-login-hero" aria-hidden="true">
        <div className="ra-login-brand">
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <span>{t('app.title')}</span>
        </div>
        <h2 className="ra-login-tagline">{t('login.tagline')}</h2>
        <p className="ra-login-sub">{t('login.subtitle')}</p>
        <div className="ra-login-art">
          <div className="ra-login-screen s1" />
          <div className="ra-login-screen s2" />
          <div className="ra-login-screen s3" />
        </div>
      </section>
      <main className="ra-login-panel">
        <div className="ra-login-card">
          <h1 className="ra-login-title">{t('login.title')}</h1>
          <div className="ra-login-modes" role="tablist" aria-label={t('login.modeLabel')}>
            {MODES.map((m, index) => (
              <button
                key={m}
                type="button"
                role="tab"
                id={`login-mode-${m}`}
                aria-selected={mode === m}
                aria-controls="login-form"
                tabIndex={mode === m ? 0 : -1}
                onClick={() => selectMode(m)}
                onKeyDown={(event) => {
                  const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                  if (!step) return;
                  const next = MODES[(index + step + MODES.length) % MODES.length] ?? 'operator';
                  selectMode(next);
                  document.getElementById(`login-mode-${next}`)?.focus();
                }}
              >
                {t(`login.modes.${m}`)}
              </button>
            ))}
          </div>
          <form
            id="login-form"
            role="tabpanel"
            aria-labelledby={`login-mode-${mode}`}
            className="ra-login-form"
            onSubmit={onSubmit}
            noValidate
          >
            <label className="ra-field-label" htmlFor="login-username">
              {t('login.username')}
            </label>
            <div className={`ra-field${fieldErrors.username ? ' is-invalid' : ''}`}>
              <UserOutlined aria-hidden="true" />
              <input
                id="login-username"
                name="username"
                autoComplete="username"
                placeholder={t('login.usernamePlaceholder')}
                value={username}
                onChange={(e) => {
                  setUsername(e.target.value);
                  if (twoFactor) leaveTwoFactor();
                }}
                {...field('username')}
              />
            </div>
            {fieldError('username')}

            <label className="ra-field-label" htmlFor="login-password">
              {t('login.password')}
            </label>
            <div className={`ra-field${fieldErrors.password ? ' is-invalid' : ''}`}>
              <LockOutlined aria-hidden="true" />
              <input
                id="login-password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                placeholder={t('login.passwordPlaceholder')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                {...field('password')}
              />
              <button
                type="button"
                className="ra-field-icon-button"
                aria-label={t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              >
                {showPassword ? <EyeOutlined aria-hidden="true" /> : <EyeInvisibleOutlined aria-hidden="true" />}
              </button>
            </div>
            {fieldError('password')}

            {captcha &&
              codeRow(
                'verifyCode',
                'login-verify-code',
                t('login.verifyCode'),
                <SafetyCertificateOutlined aria-hidden="true" />,
                {
                  autoComplete: 'off',
                  placeholder: t('login.verifyCodePlaceholder'),
                  value: verifyCode,
                  onChange: (e) => setVerifyCode(e.target.value),
                },
                <button
                  type="button"
                  className="ra-captcha-image"
                  onClick={() => loadCaptcha(username.trim())}
                  aria-label={t('login.refreshCaptcha')}
                  title={t('login.refreshCaptcha')}
                >
                  <img src={captcha} alt={t('login.captchaAlt')} />
                  <ReloadOutlined aria-hidden="true" />
                </button>,
              )}

            {twoFactor && (
              <>
                {codeRow(
                  'loginCode',
                  'login-code',
                  t('login.twoFactorCode'),
                  <MessageOutlined aria-hidden="true" />,
                  {
                    inputMode: 'numeric',
                    autoComplete: 'one-time-code',
                    maxLength: 6,
                    placeholder: t('login.twoFactorPlaceholder'),
                    value: loginCode,
                    onChange: (e) => setLoginCode(e.target.value.replace(/\D/g, '')),
                  },
                  <button
                    type="button"
                    className="ra-captcha-image"
                    style={SEND_BUTTON_STYLE}
                    onClick={sendCode}
                    disabled={sending || resendIn > 0}
                    aria-busy={sending}
                  >
                    {resendIn > 0 ? t('login.resendIn', { seconds: resendIn }) : t('login.sendCode')}
                  </button>,
                )}
                {notice && (
                  <div role="status" style={NOTICE_STYLE}>
                    {notice}
                  </div>
                )}
              </>
            )}

            <label className="ra-check">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
              <span>{t('login.remember')}</span>
            </label>
            {error && (
              <div className="ra-login-error" role="alert">
                {error}
              </div>
            )}
            <button type="submit" className="ra-login-submit" aria-busy={submitting} disabled={submitting}>
              {submitting && <span className="ra-spinner" aria-hidden="true" />}
              {t('login.submit')}
            </button>
          </form>
          <p className="ra-login-hint">{t('login.rememberHint')}</p>
        </div>
        <BuildVersion />
      </main>
    </div>
  );
}
