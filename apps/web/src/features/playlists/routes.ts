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
];
