import * as Icons from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The antd icons the menu catalogue names (packages/contracts/src/menus/menus.catalogue.ts), listed once.
 * Only static `Icons.X` reads, so the bundler still drops every icon not listed here.
 */
const ICONS: Record<string, ComponentType> = {
  AccountBookOutlined: Icons.AccountBookOutlined,
  ApiOutlined: Icons.ApiOutlined,
  AppstoreAddOutlined: Icons.AppstoreAddOutlined,
  AppstoreOutlined: Icons.AppstoreOutlined,
  AuditOutlined: Icons.AuditOutlined,
  BarChartOutlined: Icons.BarChartOutlined,
  BookOutlined: Icons.BookOutlined,
  BranchesOutlined: Icons.BranchesOutlined,
  BugOutlined: Icons.BugOutlined,
  CameraOutlined: Icons.CameraOutlined,
  CheckSquareOutlined: Icons.CheckSquareOutlined,
  ClusterOutlined: Icons.ClusterOutlined,
  ContainerOutlined: Icons.ContainerOutlined,
  ControlOutlined: Icons.ControlOutlined,
  DashboardOutlined: Icons.DashboardOutlined,
  DesktopOutlined: Icons.DesktopOutlined,
  EnvironmentOutlined: Icons.EnvironmentOutlined,
  FileAddOutlined: Icons.FileAddOutlined,
  FileDoneOutlined: Icons.FileDoneOutlined,
  FileImageOutlined: Icons.FileImageOutlined,
  FileSearchOutlined: Icons.FileSearchOutlined,
  FileTextOutlined: Icons.FileTextOutlined,
  FilterOutlined: Icons.FilterOutlined,
  FundOutlined: Icons.FundOutlined,
  GlobalOutlined: Icons.GlobalOutlined,
  HistoryOutlined: Icons.HistoryOutlined,
  HomeOutlined: Icons.HomeOutlined,
  IdcardOutlined: Icons.IdcardOutlined,
  InfoCircleOutlined: Icons.InfoCircleOutlined,
  KeyOutlined: Icons.KeyOutlined,
  LinkOutlined: Icons.LinkOutlined,
  MenuOutlined: Icons.MenuOutlined,
  MoneyCollectOutlined: Icons.MoneyCollectOutlined,
  NotificationOutlined: Icons.NotificationOutlined,
  OrderedListOutlined: Icons.OrderedListOutlined,
  PictureOutlined: Icons.PictureOutlined,
  PlayCircleOutlined: Icons.PlayCircleOutlined,
  ProfileOutlined: Icons.ProfileOutlined,
  RobotOutlined: Icons.RobotOutlined,
  SafetyOutlined: Icons.SafetyOutlined,
  SendOutlined: Icons.SendOutlined,
  SettingOutlined: Icons.SettingOutlined,
  ShoppingCartOutlined: Icons.ShoppingCartOutlined,
  SolutionOutlined: Icons.SolutionOutlined,
  StopOutlined: Icons.StopOutlined,
  TeamOutlined: Icons.TeamOutlined,
  UnorderedListOutlined: Icons.UnorderedListOutlined,
  UserAddOutlined: Icons.UserAddOutlined,
  UserOutlined: Icons.UserOutlined,
  WarningOutlined: Icons.WarningOutlined,
  WechatOutlined: Icons.WechatOutlined,
};

/** The icon names a menu entry may carry (menu management offers them). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS);

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && ICONS[name]) || Icons.AppstoreOutlined;
  return <Icon aria-hidden="true" />;
}
