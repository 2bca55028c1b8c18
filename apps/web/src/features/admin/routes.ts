import { lazyPage, type PageDefinition } from '../../lib/pages';

/** System administration: super and admin (principals root/admin; the server menus and calls check it). */
export const pages: PageDefinition[] = [
  { path: '/system/menu', component: lazyPage(() => import('./pages/menus-page')), namespace: 'admin' },
  { path: '/system/client', component: lazyPage(() => import('./pages/clients-page')), namespace: 'admin' },
  { path: '/system/param', component: lazyPage(() => import('./pages/params-page')), namespace: 'admin' },
  { path: '/system/auditLog', component: lazyPage(() => import('./pages/audit-log-page')), namespace: 'admin' },
  { path: '/monitor/log/error', component: lazyPage(() => import('./pages/error-logs-page')), namespace: 'admin' },
];
