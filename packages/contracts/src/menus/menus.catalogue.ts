import type { Role } from '../auth/roles';

/**
 * The one menu catalogue: every authenticated route of spec section 2. The server filters it per user
 * (menus.rules.ts) and the web uses the same paths and i18n keys.
 */
export interface MenuEntry {
  path: string;
  /** antd icon component name. */
  icon: string;
  /** i18n key (namespace `menu`), with the zh/en text for the server's own answer. */
  i18n: string;
  label: { zh: string; en: string };
  /** Roles that see the entry; absent: every role. */
  roles?: readonly Role[];
  /** Account ids or usernames that see the entry whatever their role. */
  include?: readonly string[];
  /** Account ids or usernames that never see the entry. */
  exclude?: readonly string[];
  /** Only root/admin (principals) see it; `exceptSuperuser`: everybody but them. */
  superuserOnly?: boolean;
  exceptSuperuser?: boolean;
  /** Only principals root (the open platform). */
  rootOnly?: boolean;
  /** Hidden in the Hong Kong variant (REGION=HK). */
  international?: boolean;
  /** Reachable (a detail page) but not shown in the sidebar. */
  hidden?: boolean;
  /** Kept alive when switching tabs. */
  keepAlive?: boolean;
  /** Advertisers see it only with the DIY flag. */
  advertiserDiy?: boolean;
  /** Needs the DIY flag whatever the role (with principals root, admin or empty): /bill/index. */
  requiresDiy?: boolean;
  /** Hidden from a project account whose autoAudit is yes (application records). */
  hideForAutoAudit?: boolean;
  /** Query string the menu link carries. */
  query?: string;
  children?: readonly MenuEntry[];
}

const OPS: readonly Role[] = ['super', 'administrator', 'operator'];
const ADV: readonly Role[] = ['advertisers', 'advertisers_special'];
const OPS_PROJECT: readonly Role[] = [...OPS, 'project'];
const OPS_ADV: readonly Role[] = [...OPS, ...ADV];

export const MENU_CATALOGUE: readonly MenuEntry[] = [
  {
    path: '/wel',
    icon: 'HomeOutlined',
    i18n: 'menu.home',
    label: { zh: '首页', en: 'Home' },
    children: [
      {
        path: '/wel/smartBoard_2',
        icon: 'DashboardOutlined',
        i18n: 'menu.smartBoard',
        label: { zh: '智慧看板', en: 'Smart board' },
        roles: OPS,
      },
      {
        path: '/wel/advertisersBoard',
        icon: 'FundOutlined',
        i18n: 'menu.advertisersBoard',
        label: { zh: '广告主看板', en: 'Advertiser board' },
        roles: ADV,
      },
      {
        path: '/wel/zhuBoard',
        icon: 'FundOutlined',
        i18n: 'menu.zhuBoard',
        label: { zh: '业主看板', en: 'Owner board' },
        roles: ['project'],
      },
      {
        path: '/wel/deviceBoard',
        icon: 'AppstoreOutlined',
        i18n: 'menu.deviceBoard',
        label: { zh: '设备看板', en: 'Device board' },
        roles: OPS_PROJECT,
        hidden: true,
      },
      {
        path: '/wel/deviceBoard/index',
        icon: 'AppstoreOutlined',
        i18n: 'menu.deviceBoard',
        label: { zh: '设备看板', en: 'Device board' },
        roles: OPS_PROJECT,
        hidden: true,
      },
      {
        path: '/wel/equipment',
        icon: 'RobotOutlined',
        i18n: 'menu.equipment',
        label: { zh: '设备详情', en: 'Device details' },
        roles: OPS_PROJECT,
      },
      {
        path: '/wel/onlineAmap',
        icon: 'EnvironmentOutlined',
        i18n: 'menu.onlineAmap',
        label: { zh: '在线地图', en: 'Online map' },
        roles: OPS,
        international: true,
      },
      {
        path: '/wel/googleMap',
        icon: 'GlobalOutlined',
        i18n: 'menu.googleMap',
        label: { zh: '谷歌地图', en: 'Google map' },
        roles: OPS,
      },
    ],
  },
  {
    path: '/ad',
    icon: 'NotificationOutlined',
    i18n: 'menu.ad',
    label: { zh: '广告管理', en: 'Advertising' },
    children: [
      {
        path: '/ad/Resource',
        icon: 'PictureOutlined',
        i18n: 'menu.resource',
        label: { zh: '素材管理', en: 'Materials' },
        roles: OPS_ADV,
        advertiserDiy: true,
      },
      {
        path: '/ad/List',
        icon: 'UnorderedListOutlined',
        i18n: 'menu.adList',
        label: { zh: '广告计划管理', en: 'Ad plans' },
        roles: OPS_ADV,
        advertiserDiy: true,
      },
      {
        path: '/ad/List_v1',
        icon: 'UnorderedListOutlined',
        i18n: 'menu.adListV1',
        label: { zh: '广告计划', en: 'Ad plans (v1)' },
        roles: OPS,
        hidden: true,
      },
      {
        path: '/ad/ListDetail',
        icon: 'FileTextOutlined',
        i18n: 'menu.adListDetail',
        label: { zh: '广告计划详情', en: 'Ad plan details' },
        roles: OPS_ADV,
        hidden: true,
      },
      {
        path: '/ad/AD',
        icon: 'FileImageOutlined',
        i18n: 'menu.ad',
        label: { zh: '广告', en: 'Ads' },
        roles: OPS_ADV,
        hidden: true,
      },
      {
        path: '/ad/groups',
        icon: 'ClusterOutlined',
        i18n: 'menu.adGroups',
        label: { zh: '设备组', en: 'Device groups' },
        roles: OPS,
      },
      {
        path: '/ad/groupDetail',
        icon: 'ClusterOutlined',
        i18n: 'menu.groupDetail',
        label: { zh: '设备组详情', en: 'Device group details' },
        roles: OPS,
        hidden: true,
      },
      {
        path: '/ad/publishDetail',
        icon: 'ProfileOutlined',
        i18n: 'menu.publishDetail',
        label: { zh: '投放详情', en: 'Delivery details' },
        roles: OPS_ADV,
        hidden: true,
        query: 'detailId=',
      },
      {
        path: '/ad/historyPublish',
        icon: 'HistoryOutlined',
        i18n: 'menu.historyPublish',
        label: { zh: '历史投放列表', en: 'Delivery history' },
        roles: OPS,
        keepAlive: true,
      },
      {
        path: '/ad/hasPublished',
        icon: 'PlayCircleOutlined',
        i18n: 'menu.hasPublished',
        label: { zh: '在线广告计划投放列表', en: 'Online deliveries' },
        roles: OPS_ADV,
        keepAlive: true,
      },
    ],
  },
  {
    path: '/publish',
    icon: 'SendOutlined',
    i18n: 'menu.publish',
    label: { zh: '投放信息', en: 'Delivery' },
    children: [
      {
        path: '/publish/info',
        icon: 'InfoCircleOutlined',
        i18n: 'menu.publishInfo',
        label: { zh: '投放信息', en: 'Delivery info' },
        roles: OPS,
      },
      {
        path: '/device/index',
        icon: 'DesktopOutlined',
        i18n: 'menu.deviceIndex',
        label: { zh: '设备投放信息', en: 'Device delivery info' },
        roles: OPS_PROJECT,
      },
      {
        path: '/cancelReleaseInBatch',
        icon: 'StopOutlined',
        i18n: 'menu.cancelReleaseInBatch',
        label: { zh: '批量取消投放', en: 'Cancel in batch' },
        roles: OPS,
      },
      {
        path: '/playlistConsume',
        icon: 'BarChartOutlined',
        i18n: 'menu.playlistConsume',
        label: { zh: '计划消耗', en: 'Plan consumption' },
        roles: OPS_ADV,
      },
      {
        path: '/failedReport',
        icon: 'WarningOutlined',
        i18n: 'menu.failedReport',
        label: { zh: '失败报告', en: 'Failure report' },
        roles: OPS,
      },
      {
        path: '/LubanBranches',
        icon: 'BranchesOutlined',
        i18n: 'menu.lubanBranches',
        label: { zh: '鲁班网点', en: 'Luban branches' },
        roles: OPS,
        international: true,
      },
    ],
  },
  {
    path: '/customer',
    icon: 'TeamOutlined',
    i18n: 'menu.customer',
    label: { zh: '客户管理', en: 'Customers' },
    children: [
      {
        path: '/customer/customer',
        icon: 'TeamOutlined',
        i18n: 'menu.customerList',
        label: { zh: '客户列表', en: 'Customer list' },
        roles: OPS,
      },
      {
        path: '/customer/audit/auditManage',
        icon: 'AuditOutlined',
        i18n: 'menu.customerAudit',
        label: { zh: '客户审核', en: 'Customer audit' },
        superuserOnly: true,
      },
      {
        path: '/customer/audit_record/auditApply',
        icon: 'FileSearchOutlined',
        i18n: 'menu.customerAuditApply',
        label: { zh: '客户审核记录', en: 'Customer audit records' },
        superuserOnly: true,
      },
      {
        path: '/screenManage/intendedManage/index',
        icon: 'UserAddOutlined',
        i18n: 'menu.intendedCustomers',
        label: { zh: '意向客户', en: 'Intended customers' },
        roles: OPS,
      },
    ],
  },
  {
    path: '/check',
    icon: 'AuditOutlined',
    i18n: 'menu.check',
    label: { zh: '审核管理', en: 'Reviews' },
    children: [
      {
        path: '/check/applyRecord',
        icon: 'FileAddOutlined',
        i18n: 'menu.applyRecord',
        label: { zh: '申请记录', en: 'Application records' },
        roles: ['administrator', 'project', ...ADV],
        exceptSuperuser: true,
        advertiserDiy: true,
        hideForAutoAudit: true,
      },
      {
        path: '/check/checkRecord',
        icon: 'FileDoneOutlined',
        i18n: 'menu.checkRecord',
        label: { zh: '审核记录', en: 'Audit records' },
        superuserOnly: true,
      },
      {
        path: '/auditForm/index',
        icon: 'CheckSquareOutlined',
        i18n: 'menu.auditForm',
        label: { zh: '审核', en: 'Audit' },
        roles: OPS_PROJECT,
        hideForAutoAudit: true,
      },
    ],
  },
  {
    path: '/order',
    icon: 'ShoppingCartOutlined',
    i18n: 'menu.order',
    label: { zh: '订单管理', en: 'Orders' },
    children: [
      {
        path: '/orderList/index',
        icon: 'OrderedListOutlined',
        i18n: 'menu.orderList',
        label: { zh: '订单列表', en: 'Order list' },
        roles: OPS_ADV,
      },
      {
        path: '/order/auditForm/index',
        icon: 'CheckSquareOutlined',
        i18n: 'menu.orderAudit',
        label: { zh: '订单审核', en: 'Order audit' },
        roles: OPS,
      },
      {
        path: '/adordermanage',
        icon: 'ContainerOutlined',
        i18n: 'menu.adOrderManage',
        label: { zh: '广告订单', en: 'Ad orders' },
        roles: OPS,
      },
      {
        path: '/bill/index',
        icon: 'AccountBookOutlined',
        i18n: 'menu.bill',
        label: { zh: '账单', en: 'Bills' },
        requiresDiy: true,
      },
    ],
  },
  {
    path: '/screens',
    icon: 'DesktopOutlined',
    i18n: 'menu.screens',
    label: { zh: '广告屏管理', en: 'Ad screens' },
    children: [
      {
        path: '/screenManagement/index',
        icon: 'DesktopOutlined',
        i18n: 'menu.screenManagement',
        label: { zh: '广告屏管理', en: 'Ad screen management' },
        roles: OPS,
      },
      {
        path: '/projectScreenManage/index',
        icon: 'DesktopOutlined',
        i18n: 'menu.projectScreenManage',
        label: { zh: '物业广告屏管理', en: 'Property ad screens' },
        roles: ['project'],
      },
      {
        path: '/screenPriceManage',
        icon: 'MoneyCollectOutlined',
        i18n: 'menu.screenPriceManage',
        label: { zh: '广告屏价格', en: 'Screen prices' },
        roles: OPS,
      },
    ],
  },
  {
    path: '/adshootingmanage',
    icon: 'CameraOutlined',
    i18n: 'menu.shooting',
    label: { zh: '拍摄需求', en: 'Photo requirements' },
    children: [
      {
        path: '/adshootingmanage/index',
        icon: 'CameraOutlined',
        i18n: 'menu.shootingRequirements',
        label: { zh: '拍摄需求管理', en: 'Photo requirements' },
        roles: OPS_ADV,
      },
      {
        path: '/adshootingmanage/shootingRecord',
        icon: 'HistoryOutlined',
        i18n: 'menu.shootingRecord',
        label: { zh: '拍摄记录', en: 'Shooting records' },
        roles: OPS_ADV,
      },
      {
        path: '/adshootingmanage/filtrateDevice',
        icon: 'FilterOutlined',
        i18n: 'menu.filtrateDevice',
        label: { zh: '筛选设备', en: 'Device lists' },
        roles: OPS_ADV,
      },
    ],
  },
  {
    path: '/account',
    icon: 'UserOutlined',
    i18n: 'menu.account',
    label: { zh: '账号管理', en: 'Accounts' },
    children: [
      {
        path: '/accountInformation/index',
        icon: 'IdcardOutlined',
        i18n: 'menu.accountInformation',
        label: { zh: '用户管理', en: 'User management' },
        roles: OPS,
      },
      {
        path: '/account/user/user',
        icon: 'UserOutlined',
        i18n: 'menu.accountUser',
        label: { zh: '广告主账号', en: 'Advertiser accounts' },
        roles: OPS,
      },
      {
        path: '/account/property/index',
        icon: 'HomeOutlined',
        i18n: 'menu.accountProperty',
        label: { zh: '物业账号', en: 'Property accounts' },
        roles: OPS,
      },
      {
        path: '/account/loginConfig/loginConfig',
        icon: 'SafetyOutlined',
        i18n: 'menu.loginConfig',
        label: { zh: '登录配置', en: 'Login settings' },
        superuserOnly: true,
      },
      {
        path: '/account/customer/mainInfo',
        icon: 'SolutionOutlined',
        i18n: 'menu.mainInfo',
        label: { zh: '企业信息', en: 'Enterprise information' },
        roles: ADV,
      },
      {
        path: '/info/index',
        icon: 'ProfileOutlined',
        i18n: 'menu.info',
        label: { zh: '个人信息', en: 'Personal info' },
        roles: ['super', 'administrator', 'operator', 'project', 'advertisers'],
      },
    ],
  },
  {
    path: '/wechat',
    icon: 'WechatOutlined',
    i18n: 'menu.wechat',
    label: { zh: '微信管理', en: 'WeChat' },
    international: true,
    children: [
      {
        path: '/wechat/userManage/index',
        icon: 'UserOutlined',
        i18n: 'menu.wechatUsers',
        label: { zh: '微信用户', en: 'WeChat users' },
        roles: OPS,
        international: true,
      },
      {
        path: '/wechat/userManage/wxBanners',
        icon: 'PictureOutlined',
        i18n: 'menu.wxBanners',
        label: { zh: '小程序横幅', en: 'Mini-program banners' },
        roles: OPS,
        international: true,
      },
    ],
  },
  {
    path: '/system',
    icon: 'SettingOutlined',
    i18n: 'menu.system',
    label: { zh: '系统管理', en: 'System' },
    superuserOnly: true,
    children: [
      {
        path: '/system/menu',
        icon: 'MenuOutlined',
        i18n: 'menu.systemMenus',
        label: { zh: '菜单管理', en: 'Menus' },
        superuserOnly: true,
      },
      {
        path: '/system/client',
        icon: 'AppstoreAddOutlined',
        i18n: 'menu.systemClients',
        label: { zh: '客户端管理', en: 'Clients' },
        superuserOnly: true,
      },
      {
        path: '/system/param',
        icon: 'ControlOutlined',
        i18n: 'menu.systemParams',
        label: { zh: '参数管理', en: 'Parameters' },
        superuserOnly: true,
      },
      {
        path: '/system/auditLog',
        icon: 'FileSearchOutlined',
        i18n: 'menu.systemAudit',
        label: { zh: '操作日志', en: 'Change log' },
        superuserOnly: true,
      },
      {
        path: '/monitor/log/error',
        icon: 'BugOutlined',
        i18n: 'menu.errorLogs',
        label: { zh: '错误日志', en: 'Error log' },
        superuserOnly: true,
      },
    ],
  },
  {
    path: '/openPlatform',
    icon: 'ApiOutlined',
    i18n: 'menu.openPlatform',
    label: { zh: '开放平台', en: 'Open platform' },
    rootOnly: true,
    children: [
      {
        path: '/openPlatform/user/user',
        icon: 'UserOutlined',
        i18n: 'menu.openUsers',
        label: { zh: '开放平台用户', en: 'Platform users' },
        rootOnly: true,
      },
      {
        path: '/openPlatform/ssession',
        icon: 'KeyOutlined',
        i18n: 'menu.openSessions',
        label: { zh: '会话', en: 'Sessions' },
        rootOnly: true,
      },
      {
        path: '/openPlatform/interface',
        icon: 'ApiOutlined',
        i18n: 'menu.openInterfaces',
        label: { zh: '接口', en: 'Interfaces' },
        rootOnly: true,
      },
      {
        path: '/openPlatform/blacklist',
        icon: 'StopOutlined',
        i18n: 'menu.openBlacklist',
        label: { zh: '黑名单', en: 'Blacklist' },
        rootOnly: true,
      },
      {
        path: '/openPlatform/webhook',
        icon: 'SendOutlined',
        i18n: 'menu.openWebhooks',
        label: { zh: '事件订阅', en: 'Webhooks' },
        rootOnly: true,
      },
      {
        path: '/openPlatform/webhookDelivery',
        icon: 'HistoryOutlined',
        i18n: 'menu.openDeliveries',
        label: { zh: '推送记录', en: 'Webhook deliveries' },
        rootOnly: true,
      },
      {
        path: '/openPlatform/auditLog',
        icon: 'AuditOutlined',
        i18n: 'menu.openAudit',
        label: { zh: '审计日志', en: 'Audit log' },
        rootOnly: true,
      },
    ],
  },
];

/** Button permission codes (spec section 6: kept by the web as a set of flags). */
export interface ButtonEntry {
  code: string;
  roles?: readonly Role[];
  superuserOnly?: boolean;
  rootOnly?: boolean;
  advertiserDiy?: boolean;
  hideForAutoAudit?: boolean;
  /** Roles that never get the button. */
  notRoles?: readonly Role[];
}

export const BUTTON_CATALOGUE: readonly ButtonEntry[] = [
  { code: 'notification', roles: ['super', 'administrator', 'project'] },
  { code: 'change_password', notRoles: ['advertisers_special', 'project'] },
  { code: 'user_info', notRoles: ['advertisers_special'] },
  { code: 'resource_add', roles: OPS_ADV, advertiserDiy: true },
  { code: 'resource_delete', roles: OPS_ADV, advertiserDiy: true },
  { code: 'playlist_add', roles: OPS_ADV, advertiserDiy: true },
  { code: 'playlist_edit', roles: OPS_ADV, advertiserDiy: true },
  { code: 'playlist_delete', roles: OPS_ADV, advertiserDiy: true },
  { code: 'playlist_publish', roles: OPS_ADV, advertiserDiy: true },
  { code: 'playlist_cancel', roles: OPS_ADV, advertiserDiy: true },
  { code: 'audit_confirm', roles: [...OPS, 'project'], hideForAutoAudit: true },
  { code: 'audit_reject', roles: [...OPS, 'project'], hideForAutoAudit: true },
  { code: 'ad_group_edit', roles: OPS },
  { code: 'device_edit', roles: OPS },
  { code: 'device_export', roles: OPS_PROJECT },
  { code: 'account_add', roles: OPS },
  { code: 'account_edit', roles: OPS },
  { code: 'account_delete', roles: OPS },
  { code: 'customer_add', roles: OPS },
  { code: 'customer_edit', roles: OPS },
  { code: 'customer_audit', superuserOnly: true },
  { code: 'owner_authorize', roles: OPS },
  { code: 'open_platform', rootOnly: true },
  { code: 'error_log', superuserOnly: true },
];
