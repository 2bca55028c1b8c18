import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../lib/tabs';

/** The product title (zh or en by language); the short logo alone when the sidebar is folded. */
export function LogoArea({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={HOME_PATH} className={`ra-logo${collapsed ? ' is-collapsed' : ''}`} aria-label={t('app.title')}>
      <img src="/favicon.svg" alt="" width={30} height={30} className="ra-logo-mark" />
      {collapsed ? null : <span className="ra-logo-title">{t('app.title')}</span>}
    </Link>
  );
}
