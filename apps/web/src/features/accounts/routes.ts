import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
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
    path: '/account/property/index',
    component: lazyPage(() => import('./pages/owners-page')),
    namespace: 'accounts',
    roles: OPERATOR_ROLES,
  },
  {
    path: '/customer/customer',
    component: lazyPage(() => import('./pages/customers-page')),
    namespace: 'accounts',
    roles: OPERATOR_ROLES,
  },
  {
    path: '/account/customer/mainInfo',
    component: lazyPage(() => import('./pages/enterprise-info-page')),
    namespace: 'accounts',
    roles: ADVERTISER_ROLES,
  },
  // Root and admin only (the server menus show them to those principals; the calls check them too).
  {
    path: '/customer/audit/auditManage',
    component: lazyPage(() => import('./pages/customer-review-page')),
    namespace: 'accounts',
  },
  {
    path: '/customer/audit_record/auditApply',
    component: lazyPage(() => import('./pages/customer-applications-page')),
    namespace: 'accounts',
  },
];
