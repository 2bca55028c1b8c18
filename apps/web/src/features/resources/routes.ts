import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { lazyPage, type PageDefinition } from '../../lib/pages';

export const pages: PageDefinition[] = [
  {
    path: '/ad/Resource',
    component: lazyPage(() => import('./pages/resource-page')),
    namespace: 'resources',
    roles: [...OPERATOR_ROLES, ...ADVERTISER_ROLES],
  },
];
