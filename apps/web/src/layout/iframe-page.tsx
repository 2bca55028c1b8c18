import { Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { openTab } from '../lib/tabs';
import { setPageTitle } from '../lib/title';

/**
 * /myiframe/{routerPath}: an embedded page. The address comes from the `src` query parameter and must be
 * http or https (spec section 5); other addresses are refused rather than embedded.
 */
export function IframePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const src = params.get('src') ?? '';
  const name = params.get('name') ?? decodeURIComponent(location.pathname.slice('/myiframe/'.length));
  const valid = /^https?:\/\//i.test(src);

  useEffect(() => {
    setPageTitle(name);
    openTab({ value: location.pathname, query: location.search, label: name, meta: { keepAlive: true } });
  }, [location.pathname, location.search, name]);

  if (!valid) return <Result status="warning" title={t('iframe.invalid')} />;
  return (
    <iframe
      className="ra-iframe"
      title={name}
      src={src}
      sandbox="allow-scripts allow-forms allow-popups allow-same-origin"
    />
  );
}
