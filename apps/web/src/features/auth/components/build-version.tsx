import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The login page's footer: the version of the running build as the server reports it (`/api/health`,
 * e.g. `1.53.0+1a2b3c4`), so that whoever signs in (or files a bug) can tell which release answers.
 */
export function BuildVersion() {
  const { t } = useTranslation();
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch('/api/health')
      .then((r) => r.json() as Promise<{ data?: { version?: unknown } }>)
      .then((body) => {
        if (live && typeof body.data?.version === 'string') setVersion(body.data.version);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <footer className="ra-login-footer" data-testid="build-version">
      {version ? t('login.footer', { version }) : '\u00a0'}
    </footer>
  );
}
