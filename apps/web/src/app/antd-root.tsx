import { ConfigProvider } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { antdThemeFor } from '../lib/antd-theme';
import { antdLocale } from '../lib/locale-packs';
import { settingsStore } from '../lib/settings';

/**
 * antd's configuration (locale, theme) around every page but the login page, loaded with the first such
 * page: the login page uses native controls, so the first visit loads no antd at all.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  const theme = settingsStore.use((s) => s.theme);
  const colour = settingsStore.use((s) => s.colour);
  const themeConfig = useMemo(() => antdThemeFor(theme, colour), [theme, colour]);
  return (
    <ConfigProvider locale={antdLocale()} theme={themeConfig} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}
