import { useEffect } from 'react';
import { configureApi } from '../lib/api-client';
import { setErrorLogSender } from '../lib/error-log';
import { feedback } from '../lib/feedback';
import { sessionStore } from '../lib/session';
import { settingsStore } from '../lib/settings';
import { PALETTES, shellCssVariables } from '../lib/themes';
import { localLogout } from './auth';
import { sendErrorLog } from './error-log-intake';
import { AppRouter } from './router';

configureApi({
  token: () => sessionStore.get().token,
  onUnauthorized: () => {
    if (sessionStore.get().token) localLogout();
  },
  showError: (text) => feedback()?.message.error(text),
});
setErrorLogSender(sendErrorLog);

/** Applies the theme's shell colours as CSS variables on <html> (sidebar, header, tabs read them). */
function useShellVariables() {
  const theme = settingsStore.use((s) => s.theme);
  const colour = settingsStore.use((s) => s.colour);
  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(shellCssVariables(theme, colour))) root.style.setProperty(name, value);
    root.dataset.theme = theme;
    root.style.colorScheme = PALETTES[theme].dark ? 'dark' : 'light';
  }, [theme, colour]);
}

/** The router; antd's configuration wraps each page but the login page (app/antd-root.tsx, router.tsx). */
export function App() {
  useShellVariables();
  return <AppRouter />;
}
