import { OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { lazyPage, type PageDefinition } from '../../lib/pages';

export const pages: PageDefinition[] = [
  {
    path: '/ad/publishDetail',
    component: lazyPage(() => import('./pages/publish-detail-page')),
    namespace: 'delivery',
    menu: false,
  },
  {
    path: '/cancelReleaseInBatch',
    component: lazyPage(() => import('./pages/batch-cancel-page')),
    namespace: 'delivery',
    roles: OPERATOR_ROLES,
  },
  { path: '/failedReport', component: lazyPage(() => import('./pages/failed-report-page')), namespace: 'delivery' },
];
