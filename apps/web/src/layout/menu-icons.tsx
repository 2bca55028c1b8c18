import LOADERS from 'virtual:menu-icons';
import AntdIcon from '@ant-design/icons/es/components/AntdIconLight';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import { useEffect, useState } from 'react';

/**
 * The antd icons the menu catalogue names: each icon's drawing loads when an entry showing it is first drawn
 * (the sidebar draws the entries of open submenus only), with the others of its menu section (the build's
 * `virtual:menu-icons`, apps/web/menu-icon-modules.ts), so the logged-in pages do not load all 51 up front.
 */
export { MENU_ICON_NAMES } from './menu-icon-names';

const FALLBACK = 'AppstoreOutlined';
const loaded = new Map<string, IconDefinition>();
const loading = new Map<string, Promise<IconDefinition>>();

function load(name: string): Promise<IconDefinition> {
  let promise = loading.get(name);
  if (!promise) {
    promise = (LOADERS[name] as () => Promise<Record<string, IconDefinition>>)().then((section) => {
      const svg = section[name] as IconDefinition;
      loaded.set(name, svg);
      return svg;
    });
    loading.set(name, promise);
  }
  return promise;
}

/**
 * A menu entry's icon, drawn like antd's (`<HomeOutlined />`). Until its drawing has loaded, an empty box
 * of the icon's size holds its place. Props (the menu's class name) go to the icon.
 */
export function MenuIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  const key = name && LOADERS[name] ? name : FALLBACK;
  const svg = loaded.get(key);
  const [, setLoadedCount] = useState(0);
  useEffect(() => {
    if (svg) return;
    let live = true;
    load(key).then(
      () => {
        if (live) setLoadedCount((n) => n + 1);
      },
      // Not loaded (offline): the empty box stays, and the next drawing tries again.
      () => loading.delete(key),
    );
    return () => {
      live = false;
    };
  }, [key, svg]);
  if (!svg) {
    return (
      <span
        role="img"
        aria-hidden="true"
        className={className ? `anticon ${className}` : 'anticon'}
        style={{ width: '1em', height: '1em' }}
      />
    );
  }
  return <AntdIcon icon={svg} aria-hidden="true" className={className} />;
}
