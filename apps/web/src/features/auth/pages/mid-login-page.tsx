import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { refreshToken } from '../../../app/auth';
import { loadCurrentUser } from '../../../layout/use-current-user';
import { sessionStore } from '../../../lib/session';
import { setPageTitle } from '../../../lib/title';

/**
 * /midlogin: the owners' intermediate page. An owner arriving from the owners' portal with a live
 * session cookie is signed in here (refresh, then the current user) and sent on; otherwise to /login.
 */
export default function MidLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setPageTitle(t('login.title'));
    let cancelled = false;
    (async () => {
      try {
        if (!sessionStore.get().token) {
          await refreshToken();
        }
        await loadCurrentUser();
        if (!cancelled) {
          const to = params.get('redirect');
          navigate(to?.startsWith('/') && !to.startsWith('//') ? to : '/', { replace: true });
        }
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate, params, t]);
  if (failed) {
    return (
      <main className="ra-status-page">
        <Result status="403" title={t('midlogin.failed')} extra={<a href="/login">{t('login.title')}</a>} />
      </main>
    );
  }
  return (
    <main className="ra-page-loading" role="status">
      <Spin size="large" />
      <span className="ra-visually-hidden">{t('midlogin.signingIn')}</span>
    </main>
  );
}
