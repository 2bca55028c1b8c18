import { lazyPage, type PageDefinition } from '../../lib/pages';

export const pages: PageDefinition[] = [
  {
    path: '/wechat/userManage/index',
    component: lazyPage(() => import('./pages/wechat-users-page')),
    namespace: 'wechat',
  },
  {
    path: '/wechat/userManage/wxBanners',
    component: lazyPage(() => import('./pages/wx-banners-page')),
    namespace: 'wechat',
  },
];
