import type { iframeAllowListResponse } from '@robot-ads/contracts/admin/admin.schemas';
import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { api } from '../lib/api-client';
import { openTab } from '../lib/tabs';
import { setPageTitle } from '../lib/title';

/** The origin of an http(s) address, or null. */
export function originOf(src: string): string | null {
  if (!/^https?:\/\//i.test(src)) return null;
  try {
    return new URL(src).origin;
  } catch {
    return null;
  }
}

/**
 * /myiframe/{routerPath}: an embedded page. The address comes from the `src` query parameter; it must be
 * http(s) and its origin in the allow-list (system parameter iframe_allow_list, which also sets the
 * server's frame-src): anything else is refused with a message rather than embedded.
 */
export function IframePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const src = params.get('src') ?? '';
  const name = params.get('name') ?? decodeURIComponent(location.pathname.slice('/myiframe/'.length));
  const origin = originOf(src);
  const allowList = useQuery({
    queryKey: ['iframe-allow-list'],
    queryFn: () => api.get<z.infer<typeof iframeAllowListResponse>>('/api/blade-system/param/iframeAllowList'),
    enabled: origin !== null,
  });

  useEffect(() => {
    setPageTitle(name);
    openTab({ value: location.pathname, query: location.search, label: name, meta: { keepAlive: true } });
  }, [location.pathname, location.search, name]);

  if (!origin) return <Result status="warning" title={t('iframe.invalid')} />;
  if (!allowList.data)
    return allowList.isError ? <Result status="error" title={t('iframe.notAllowed', { origin })} /> : <Spin />;
  if (!allowList.data.includes(origin)) {
    return <Result status="warning" title={t('iframe.notAllowed', { origin })} subTitle={t('iframe.notAllowedHint')} />;
  }
  return (
    <iframe
      className="ra-iframe"
      title={name}
      src={src}
      sandbox="allow-scripts allow-forms allow-popups allow-same-origin"
    />
  );
}
