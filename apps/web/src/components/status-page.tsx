import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { setPageTitle } from '../lib/title';

const STATUSES = { '/404': '404', '/403': '403', '/500': '500' } as const;

/** The public /404, /403 and /500 pages. */
export default function StatusPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const status = STATUSES[pathname as keyof typeof STATUSES] ?? '404';
  useEffect(() => {
    setPageTitle(t(`status.${status}.title`));
  }, [status, t]);
  return (
    <main className="ra-status-page">
      <Result
        status={status}
        title={t(`status.${status}.title`)}
        subTitle={t(`status.${status}.text`)}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('status.home')}
          </Button>
        }
      />
    </main>
  );
}
