import { lazyPage, type PageDefinition } from '../../lib/pages';

export const pages: PageDefinition[] = [
  {
    // A menu page: only users whose server menus list it (superusers, menus.catalogue.ts) can open it.
    path: '/account/loginConfig/loginConfig',
    component: lazyPage(() => import('./pages/login-config-page')),
    namespace: 'login-config',
  },
];
