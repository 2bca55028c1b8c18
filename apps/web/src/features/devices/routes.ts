import { OPERATOR_ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import { lazyPage, type PageDefinition } from '../../lib/pages';

const OPS_PROJECT: readonly Role[] = [...OPERATOR_ROLES, 'project'];
const board = lazyPage(() => import('./pages/device-board-page'));

export const pages: PageDefinition[] = [
  { path: '/wel/deviceBoard', component: board, namespace: 'devices', roles: OPS_PROJECT },
  { path: '/wel/deviceBoard/index', component: board, namespace: 'devices', roles: OPS_PROJECT },
  {
    path: '/wel/equipment',
    component: lazyPage(() => import('./pages/equipment-page')),
    namespace: 'devices',
    roles: OPS_PROJECT,
  },
  {
    path: '/wel/onlineAmap',
    component: lazyPage(() => import('./pages/online-map-page')),
    namespace: 'devices',
    roles: OPERATOR_ROLES,
  },
  {
    path: '/wel/googleMap',
    component: lazyPage(() => import('./pages/world-map-page')),
    namespace: 'devices',
    roles: OPERATOR_ROLES,
  },
  {
    path: '/screenManagement/index',
    component: lazyPage(() => import('./pages/screen-management-page')),
    namespace: 'devices',
    roles: OPERATOR_ROLES,
  },
  {
    path: '/projectScreenManage/index',
    component: lazyPage(() => import('./pages/project-screen-page')),
    namespace: 'devices',
    roles: ['project'],
  },
  {
    path: '/screenPriceManage',
    component: lazyPage(() => import('./pages/screen-price-page')),
    namespace: 'devices',
    roles: OPERATOR_ROLES,
  },
  {
    path: '/device/index',
    component: lazyPage(() => import('./pages/device-delivery-page')),
    namespace: 'devices',
    roles: OPS_PROJECT,
  },
];
