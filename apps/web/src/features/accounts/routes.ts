import { OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { lazyPage, type PageDefinition } from '../../lib/pages';

export const pages: PageDefinition[] = [
  {
    path: '/accountInformation/index',
    component: lazyPage(() => import('./pages/user-management-page')),
    namespace: 'accounts',
    roles: OPERATOR_ROLES,
  },
  {
    path: '/account/user/user',
    component: lazyPage(() => import('./pages/advertiser-users-page')),
    namespace: 'accounts',
    roles: OPERATOR_ROLES,
  },
  {
    path: '/customer/customer',
    component: lazyPage(() => import('./pages/customers-page')),
    namespace: 'accounts',
    roles: OPERATOR_ROLES,
  },
];
