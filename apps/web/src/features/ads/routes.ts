import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { lazyPage, type PageDefinition } from '../../lib/pages';

export const pages: PageDefinition[] = [
  {
    path: '/ad/AD',
    component: lazyPage(() => import('./pages/ads-page')),
    namespace: 'ads',
    roles: [...OPERATOR_ROLES, ...ADVERTISER_ROLES],
  },
  {
    path: '/ad/List_v1',
    component: lazyPage(() => import('./pages/ads-v1-page')),
    namespace: 'ads',
    roles: OPERATOR_ROLES,
  },
];
