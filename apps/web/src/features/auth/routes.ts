import { lazyPage, type PageDefinition } from '../../lib/pages';

export const pages: PageDefinition[] = [
  {
    path: '/info/index',
    component: lazyPage(() => import('./pages/personal-info-page')),
    namespace: 'common',
  },
];
