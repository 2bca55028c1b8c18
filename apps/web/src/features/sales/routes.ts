import { OPERATOR_ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import { lazyPage, type PageDefinition } from '../../lib/pages';

const OPS_ADV: readonly Role[] = [...OPERATOR_ROLES, 'advertisers', 'advertisers_special'];
const orders = lazyPage(() => import('./pages/orders-page'));
const bills = lazyPage(() => import('./pages/bills-page'));

export const pages: PageDefinition[] = [
  {
    path: '/screenManage/intendedManage/index',
    component: lazyPage(() => import('./pages/leads-page')),
    namespace: 'sales',
    roles: OPERATOR_ROLES,
  },
  { path: '/orderList/index', component: orders, namespace: 'sales', roles: OPS_ADV },
  { path: '/adordermanage', component: orders, namespace: 'sales', title: 'orders.manageTitle', roles: OPERATOR_ROLES },
  {
    path: '/order/auditForm/index',
    component: lazyPage(() => import('./pages/order-review-page')),
    namespace: 'sales',
    roles: OPERATOR_ROLES,
  },
  // Bills: principals root, admin or empty with the DIY flag (the page says so otherwise); never project accounts.
  { path: '/bill/index', component: bills, namespace: 'sales', roles: OPS_ADV },
  // The spec's other address of the bills (section 2); the menu entry is /bill/index.
  { path: '/bill', component: bills, namespace: 'sales', title: 'bills.title', menu: false, roles: OPS_ADV },
  {
    path: '/LubanBranches',
    component: lazyPage(() => import('./pages/branches-page')),
    namespace: 'sales',
    roles: OPERATOR_ROLES,
  },
];
