import { lazyPage, type PageDefinition } from '../../lib/pages';

export const pages: PageDefinition[] = [
  { path: '/check/applyRecord', component: lazyPage(() => import('./pages/apply-record-page')), namespace: 'delivery' },
  { path: '/check/checkRecord', component: lazyPage(() => import('./pages/check-record-page')), namespace: 'delivery' },
  {
    path: '/auditForm/index',
    component: lazyPage(() => import('./pages/audit-form-page')),
    namespace: 'delivery',
    roles: ['super', 'administrator', 'operator', 'project'],
  },
];
