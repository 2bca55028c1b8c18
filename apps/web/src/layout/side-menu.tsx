import { Empty, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from './menu-icons';
import { type NavItem, useNavItems } from './use-menus';

type Items = NonNullable<MenuProps['items']>;

function toItems(nodes: NavItem[]): Items {
  return nodes.map((node) =>
    node.children.length > 0
      ? {
          key: node.key,
          icon: <MenuIcon name={node.icon} />,
          label: node.label,
          children: toItems(node.children),
        }
      : {
          key: node.key,
          icon: <MenuIcon name={node.icon} />,
          label: <span data-menu-path={node.path}>{node.label}</span>,
        },
  );
}

function ancestorsOf(nodes: NavItem[], key: string, trail: string[] = []): string[] | null {
  for (const node of nodes) {
    if (node.key === key) return trail;
    const found = ancestorsOf(node.children, key, [...trail, node.key]);
    if (found) return found;
  }
  return null;
}

/** The sidebar menu built from the server's menus, showing only pages the web has built. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { items: nav, loading, byKey } = useNavItems();
  const items = useMemo(() => toItems(nav), [nav]);
  const selectedKey = nav.length ? findKeyForPath(byKey, location.pathname) : undefined;
  const [openKeys, setOpenKeys] = useState<string[] | null>(null);
  const defaultOpen = selectedKey ? (ancestorsOf(nav, selectedKey) ?? []) : [];

  if (!loading && nav.length === 0) {
    return (
      <div className="ra-menu-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menu.empty')} />
      </div>
    );
  }
  return (
    <Menu
      className="ra-menu"
      mode="inline"
      theme="dark"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
      {...(collapsed ? {} : { openKeys: openKeys ?? defaultOpen, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
      onClick={({ key }) => {
        const item = byKey.get(key);
        if (item?.path) navigate(item.path + (item.query ?? ''));
      }}
    />
  );
}

function findKeyForPath(byKey: ReadonlyMap<string, NavItem>, path: string): string | undefined {
  for (const [key, item] of byKey) if (item.path === path && item.children.length === 0) return key;
  return undefined;
}
