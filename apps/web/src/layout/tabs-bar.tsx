import { CloseCircleOutlined, CloseOutlined, DownOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
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

/**
 * The tabs bar: one tab per visited page; close, close others, close all, and a right-click menu.
 *
 * An ARIA tab list (WAI-ARIA Authoring Practices, "Tabs"): the list holds only `tab`s (antd's editable
 * tabs put their close buttons and the overflow button inside the tab list, which axe reports as
 * `aria-required-children`). One tab is in the Tab order (the current page's); the arrow keys, Home and End
 * move between tabs, Enter or Space opens the focused one, Delete closes it. The close cross is for the
 * mouse (hidden from assistive technology; Delete and the tab's context menu do the same).
 */
export function TabsBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const tabs = tabsStore.use((s) => s);
  const label = useTabLabel(tabs);
  const active = location.pathname;
  const listRef = useRef<HTMLDivElement>(null);
  /** The tab holding the keyboard focus while it moves along the list (the active tab otherwise). */
  const [focused, setFocused] = useState<string | null>(null);

  const goTo = (value: string) => {
    const tab = tabs.find((x) => x.value === value);
    navigate(tab ? tab.value + tab.query : value);
  };

  const close = (value: string) => {
    if (value === HOME_PATH) return;
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
  const current = ordered.some((x) => x.value === focused) ? focused : active;

  const tabElement = (value: string) =>
    [...(listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])].find(
      (el) => el.dataset.tabValue === value,
    );

  // The current page's tab scrolls into view when the list is wider than the bar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the current page changes
  useEffect(() => {
    tabElement(active)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const focusTab = (value: string) => {
    setFocused(value);
    tabElement(value)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, value: string) => {
    const index = ordered.findIndex((x) => x.value === value);
    const move: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: ordered.length - 1,
    };
    if (event.key in move) {
      event.preventDefault();
      const to = ordered[(((move[event.key] as number) % ordered.length) + ordered.length) % ordered.length];
      if (to) focusTab(to.value);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      goTo(value);
    } else if (event.key === 'Delete' && value !== HOME_PATH) {
      event.preventDefault();
      const neighbour = ordered[index + 1] ?? ordered[index - 1];
      close(value);
      if (neighbour) focusTab(neighbour.value);
    }
  };

  return (
    <nav className="ra-tabs-bar" aria-label={t('tabs.label')}>
      <div className="ra-tabs-scroll">
        <div
          ref={listRef}
          role="tablist"
          aria-label={t('tabs.label')}
          className="ra-tabs-list"
          onBlur={(event) => {
            // Focus leaving the list: the current page's tab is the one in the Tab order again.
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
          }}
        >
          {ordered.map((tab) => {
            const selected = tab.value === active;
            const closable = tab.value !== HOME_PATH;
            return (
              <Dropdown
                key={tab.value}
                trigger={['contextMenu']}
                menu={{ items: contextItems(tab.value), onClick: ({ key }) => onMenu(tab.value, key) }}
              >
                <div
                  role="tab"
                  aria-selected={selected}
                  tabIndex={tab.value === current ? 0 : -1}
                  className={selected ? 'ra-tab ra-tab-active' : 'ra-tab'}
                  data-tab-value={tab.value}
                  onClick={() => {
                    setFocused(null);
                    goTo(tab.value);
                  }}
                  onKeyDown={(event) => onKeyDown(event, tab.value)}
                >
                  <span className="ra-tab-label" data-tab={tab.value}>
                    {tab.value === HOME_PATH && <HomeOutlined aria-hidden="true" />}
                    {label(tab)}
                  </span>
                  {closable && (
                    <span
                      className="ra-tab-close"
                      aria-hidden="true"
                      onClick={(event) => {
                        event.stopPropagation();
                        close(tab.value);
                      }}
                    >
                      <CloseOutlined />
                    </span>
                  )}
                </div>
              </Dropdown>
            );
          })}
        </div>
      </div>
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
