import { LockOutlined, LogoutOutlined, UnlockOutlined } from '@ant-design/icons';
import type { authenticationBody, booleanOk } from '@robot-ads/contracts/auth/auth.schemas';
import { Avatar, Button, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { logout } from '../../../app/auth';
import { api } from '../../../lib/api-client';
import { clearLock, hashLockPassword, lockStore, sessionStore } from '../../../lib/session';
import { setPageTitle } from '../../../lib/title';

/** The lock screen: unlocked by the lock password, or by the account's own password (checked by the server). */
export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = sessionStore.use((s) => s.user);
  const [now, setNow] = useState(() => dayjs());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setPageTitle(t('lock.title'));
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, [t]);

  const unlock = async ({ password }: { password: string }) => {
    setBusy(true);
    setError(null);
    try {
      const value = password.trim();
      let ok = (await hashLockPassword(value)) === lockStore.get().hash;
      if (!ok) {
        const body: z.input<typeof authenticationBody> = { password: value };
        ok = await api
          .post<z.infer<typeof booleanOk>>('/api/Users/authentication', body, { silent: true, keepSessionOn401: true })
          .catch(() => false);
      }
      if (!ok) {
        setError(t('lock.wrong'));
        return;
      }
      clearLock();
      navigate('/', { replace: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="ra-lock">
      <div className="ra-lock-clock" aria-live="off">
        <div className="ra-lock-time">{now.format('HH:mm')}</div>
        <div className="ra-lock-date">{now.format(t('lock.dateFormat'))}</div>
      </div>
      <div className="ra-lock-card">
        <Avatar size={72} src={user?.avatar || '/favicon.svg'} alt="" />
        <h1 className="ra-lock-name">{user?.currentUser || user?.name || t('lock.title')}</h1>
        <p className="ra-lock-hint">
          <LockOutlined aria-hidden="true" /> {t('lock.locked')}
        </p>
        <Form layout="vertical" onFinish={unlock} requiredMark={false} className="ra-lock-form">
          <Form.Item
            name="password"
            label={t('lock.password')}
            rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
          >
            <Input.Password autoFocus autoComplete="off" placeholder={t('lock.passwordPlaceholder')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block icon={<UnlockOutlined />} loading={busy}>
            {t('lock.unlock')}
          </Button>
        </Form>
        <Button type="link" icon={<LogoutOutlined />} onClick={() => logout()} className="ra-lock-logout">
          {t('user.logout')}
        </Button>
      </div>
    </main>
  );
}
