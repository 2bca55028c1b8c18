import AntdIcon from '@ant-design/icons/es/components/AntdIconLight';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import { useEffect, useState } from 'react';

type Svg = () => Promise<{ default: IconDefinition }>;

/**
 * The antd icons the menu catalogue names (packages/contracts/src/menus/menus.catalogue.ts), listed once.
 * Each icon's drawing loads when an entry showing it is first drawn (the sidebar draws the entries of open
 * submenus only), so the logged-in pages do not load all 51 up front.
 */
const SVGS: Record<string, Svg> = {
  AccountBookOutlined: () => import('@ant-design/icons-svg/es/asn/AccountBookOutlined'),
  ApiOutlined: () => import('@ant-design/icons-svg/es/asn/ApiOutlined'),
  AppstoreAddOutlined: () => import('@ant-design/icons-svg/es/asn/AppstoreAddOutlined'),
  AppstoreOutlined: () => import('@ant-design/icons-svg/es/asn/AppstoreOutlined'),
  AuditOutlined: () => import('@ant-design/icons-svg/es/asn/AuditOutlined'),
  BarChartOutlined: () => import('@ant-design/icons-svg/es/asn/BarChartOutlined'),
  BookOutlined: () => import('@ant-design/icons-svg/es/asn/BookOutlined'),
  BranchesOutlined: () => import('@ant-design/icons-svg/es/asn/BranchesOutlined'),
  BugOutlined: () => import('@ant-design/icons-svg/es/asn/BugOutlined'),
  CameraOutlined: () => import('@ant-design/icons-svg/es/asn/CameraOutlined'),
  CheckSquareOutlined: () => import('@ant-design/icons-svg/es/asn/CheckSquareOutlined'),
  ClusterOutlined: () => import('@ant-design/icons-svg/es/asn/ClusterOutlined'),
  ContainerOutlined: () => import('@ant-design/icons-svg/es/asn/ContainerOutlined'),
  ControlOutlined: () => import('@ant-design/icons-svg/es/asn/ControlOutlined'),
  DashboardOutlined: () => import('@ant-design/icons-svg/es/asn/DashboardOutlined'),
  DesktopOutlined: () => import('@ant-design/icons-svg/es/asn/DesktopOutlined'),
  EnvironmentOutlined: () => import('@ant-design/icons-svg/es/asn/EnvironmentOutlined'),
  FileAddOutlined: () => import('@ant-design/icons-svg/es/asn/FileAddOutlined'),
  FileDoneOutlined: () => import('@ant-design/icons-svg/es/asn/FileDoneOutlined'),
  FileImageOutlined: () => import('@ant-design/icons-svg/es/asn/FileImageOutlined'),
  FileSearchOutlined: () => import('@ant-design/icons-svg/es/asn/FileSearchOutlined'),
  FileTextOutlined: () => import('@ant-design/icons-svg/es/asn/FileTextOutlined'),
  FilterOutlined: () => import('@ant-design/icons-svg/es/asn/FilterOutlined'),
  FundOutlined: () => import('@ant-design/icons-svg/es/asn/FundOutlined'),
  GlobalOutlined: () => import('@ant-design/icons-svg/es/asn/GlobalOutlined'),
  HistoryOutlined: () => import('@ant-design/icons-svg/es/asn/HistoryOutlined'),
  HomeOutlined: () => import('@ant-design/icons-svg/es/asn/HomeOutlined'),
  IdcardOutlined: () => import('@ant-design/icons-svg/es/asn/IdcardOutlined'),
  InfoCircleOutlined: () => import('@ant-design/icons-svg/es/asn/InfoCircleOutlined'),
  KeyOutlined: () => import('@ant-design/icons-svg/es/asn/KeyOutlined'),
  LinkOutlined: () => import('@ant-design/icons-svg/es/asn/LinkOutlined'),
  MenuOutlined: () => import('@ant-design/icons-svg/es/asn/MenuOutlined'),
  MoneyCollectOutlined: () => import('@ant-design/icons-svg/es/asn/MoneyCollectOutlined'),
  NotificationOutlined: () => import('@ant-design/icons-svg/es/asn/NotificationOutlined'),
  OrderedListOutlined: () => import('@ant-design/icons-svg/es/asn/OrderedListOutlined'),
  PictureOutlined: () => import('@ant-design/icons-svg/es/asn/PictureOutlined'),
  PlayCircleOutlined: () => import('@ant-design/icons-svg/es/asn/PlayCircleOutlined'),
  ProfileOutlined: () => import('@ant-design/icons-svg/es/asn/ProfileOutlined'),
  RobotOutlined: () => import('@ant-design/icons-svg/es/asn/RobotOutlined'),
  SafetyOutlined: () => import('@ant-design/icons-svg/es/asn/SafetyOutlined'),
  SendOutlined: () => import('@ant-design/icons-svg/es/asn/SendOutlined'),
  SettingOutlined: () => import('@ant-design/icons-svg/es/asn/SettingOutlined'),
  ShoppingCartOutlined: () => import('@ant-design/icons-svg/es/asn/ShoppingCartOutlined'),
  SolutionOutlined: () => import('@ant-design/icons-svg/es/asn/SolutionOutlined'),
  StopOutlined: () => import('@ant-design/icons-svg/es/asn/StopOutlined'),
  TeamOutlined: () => import('@ant-design/icons-svg/es/asn/TeamOutlined'),
  UnorderedListOutlined: () => import('@ant-design/icons-svg/es/asn/UnorderedListOutlined'),
  UserAddOutlined: () => import('@ant-design/icons-svg/es/asn/UserAddOutlined'),
  UserOutlined: () => import('@ant-design/icons-svg/es/asn/UserOutlined'),
  WarningOutlined: () => import('@ant-design/icons-svg/es/asn/WarningOutlined'),
  WechatOutlined: () => import('@ant-design/icons-svg/es/asn/WechatOutlined'),
};

/** The icon names a menu entry may carry (menu management offers them). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(SVGS);

const FALLBACK = 'AppstoreOutlined';
const loaded = new Map<string, IconDefinition>();
const loading = new Map<string, Promise<IconDefinition>>();

function load(name: string): Promise<IconDefinition> {
  let promise = loading.get(name);
  if (!promise) {
    promise = (SVGS[name] as Svg)().then((m) => {
      loaded.set(name, m.default);
      return m.default;
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
  const key = name && SVGS[name] ? name : FALLBACK;
  const svg = loaded.get(key);
  const [, setLoadedCount] = useState(0);
  useEffect(() => {
    if (svg) return;
    let live = true;
    void load(key).then(() => {
      if (live) setLoadedCount((n) => n + 1);
    });
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
