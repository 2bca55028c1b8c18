import { CloseCircleOutlined, CloseOutlined, DownOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findPage } from '../app/registry';
import { menuKeyForPath } from '../lib/menu-texts';
import { pageTitleKey } from '../lib/page-title';
import { closeAllTabs, closeOtherTabs, closeTab, HOME_PATH, type Tab, tabsStore } from '../lib/tabs';

function useTabLabel(tabs: readonly Tab[]) {
  // A page's own namespace loads with its chunk; until then its menu label stands in. A title without a menu
  // label (a page reached by address only, e.g. /bill) needs its namespace: the bar loads it (no suspense:
  // the bar stays up and shows the title when it arrives, never the raw key).
  const titleNamespaces = [
    ...new Set(
      tabs.flatMap((tab) => {
        const page = findPage(tab.value);
        return page && !menuKeyForPath(page.path) ? [page.namespace] : [];
      }),
    ),
  ];
  useTranslation(['common', ...titleNamespaces], { useSuspense: false });
  const { t, i18n } = useTranslation();
  return (tab: Tab) => {
    const page = findPage(tab.value);
    if (page) {
      const key = pageTitleKey(page);
      const menuKey = menuKeyForPath(page.path);
      if (i18n.exists(key)) return t(key);
      return menuKey ? t(menuKey) : '';
    }
    return tab.label.includes(':') ? t(tab.label) : tab.label;
  };
}

/** The tabs bar: one tab per visited page; close, close others, close all, and a right-click menu. */
export function TabsBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const tabs = tabsStore.use((s) => s);
  const label = useTabLabel(tabs);
  const active = location.pathname;

  const goTo = (value: string) => {
    const tab = tabs.find((x) => x.value === value);
    navigate(tab ? tab.value + tab.query : value);
  };

  const close = (value: string) => {
    const index = tabs.findIndex((x) => x.value === value);
    closeTab(value);
    if (value === active) {
      const rest = tabsStore.get();
      const next = rest[Math.min(index, rest.length - 1)] ?? rest[rest.length - 1];
      navigate(next ? next.value + next.query : HOME_PATH);
    }
  };

  const contextItems = (value: string): MenuProps['items'] => [
    { key: 'close', label: t('tabs.close'), icon: <CloseOutlined />, disabled: value === HOME_PATH },
    { key: 'others', label: t('tabs.closeOthers'), icon: <CloseCircleOutlined /> },
    { key: 'all', label: t('tabs.closeAll'), icon: <CloseCircleOutlined /> },
  ];

  const onMenu = (value: string, key: string) => {
    if (key === 'close') close(value);
    if (key === 'others') {
      closeOtherTabs(value);
      if (value !== active) goTo(value);
    }
    if (key === 'all') {
      closeAllTabs();
      navigate(HOME_PATH);
    }
  };

  const home: Tab = tabs.find((x) => x.value === HOME_PATH) ?? { value: HOME_PATH, query: '', label: '' };
  const ordered = [home, ...tabs.filter((x) => x.value !== HOME_PATH)];
  return (
    <nav className="ra-tabs-bar" aria-label={t('tabs.label')}>
      <Tabs
        hideAdd
        size="small"
        type="editable-card"
        activeKey={active}
        onChange={goTo}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={ordered.map((tab) => ({
          key: tab.value,
          closable: tab.value !== HOME_PATH,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              menu={{ items: contextItems(tab.value), onClick: ({ key }) => onMenu(tab.value, key) }}
            >
              <span className="ra-tab-label" data-tab={tab.value}>
                {tab.value === HOME_PATH && <HomeOutlined aria-hidden="true" />}
                {label(tab)}
              </span>
            </Dropdown>
          ),
        }))}
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: (contextItems(active) ?? []).filter((x) => x?.key !== 'close'),
          onClick: ({ key }) => onMenu(active, key),
        }}
      >
        <Button size="small" type="text" className="ra-tabs-more" aria-label={t('tabs.more')}>
          {t('tabs.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </nav>
  );
}
