import { lazyPage, type PageDefinition } from '../../lib/pages';

// Menu pages (root only in menus.catalogue.ts): only users whose server menus list them can open them.
export const pages: PageDefinition[] = [
  {
    path: '/openPlatform/user/user',
    component: lazyPage(() => import('./pages/api-users-page')),
    namespace: 'open-platform',
  },
  {
    path: '/openPlatform/ssession',
    component: lazyPage(() => import('./pages/sessions-page')),
    namespace: 'open-platform',
  },
  {
    path: '/openPlatform/interface',
    component: lazyPage(() => import('./pages/interfaces-page')),
    namespace: 'open-platform',
  },
  {
    path: '/openPlatform/blacklist',
    component: lazyPage(() => import('./pages/blacklist-page')),
    namespace: 'open-platform',
  },
  {
    path: '/openPlatform/webhook',
    component: lazyPage(() => import('./pages/webhooks-page')),
    namespace: 'open-platform',
  },
  {
    path: '/openPlatform/webhookDelivery',
    component: lazyPage(() => import('./pages/deliveries-page')),
    namespace: 'open-platform',
  },
  {
    path: '/openPlatform/auditLog',
    component: lazyPage(() => import('./pages/audit-log-page')),
    namespace: 'open-platform',
  },
];
