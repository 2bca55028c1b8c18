import { OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { lazyPage, type PageDefinition } from '../../lib/pages';

export const pages: PageDefinition[] = [
  {
    path: '/ad/groups',
    component: lazyPage(() => import('./pages/groups-page')),
    namespace: 'devices',
    roles: OPERATOR_ROLES,
  },
  {
    path: '/ad/groupDetail',
    component: lazyPage(() => import('./pages/group-detail-page')),
    namespace: 'devices',
    menu: false,
    roles: OPERATOR_ROLES,
  },
];
