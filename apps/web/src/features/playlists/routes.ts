import { OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { lazyPage, type PageDefinition } from '../../lib/pages';

export const pages: PageDefinition[] = [
  { path: '/ad/List', component: lazyPage(() => import('./pages/plans-page')), namespace: 'delivery' },
  {
    path: '/ad/ListDetail',
    component: lazyPage(() => import('./pages/plan-detail-page')),
    namespace: 'delivery',
    menu: false,
  },
  {
    path: '/ad/hasPublished',
    component: lazyPage(() => import('./pages/online-plans-page')),
    namespace: 'delivery',
    keepAlive: true,
  },
  {
    path: '/ad/historyPublish',
    component: lazyPage(() => import('./pages/history-plans-page')),
    namespace: 'delivery',
    keepAlive: true,
  },
  {
    // The menu catalogue's roles for /publish/info (operators).
    path: '/publish/info',
    component: lazyPage(() => import('./pages/publish-info-page')),
    namespace: 'delivery',
    roles: OPERATOR_ROLES,
  },
];
