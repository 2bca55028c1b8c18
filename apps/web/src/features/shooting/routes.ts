import { lazyPage, type PageDefinition } from '../../lib/pages';

export const pages: PageDefinition[] = [
  {
    path: '/adshootingmanage/index',
    component: lazyPage(() => import('./pages/requirements-page')),
    namespace: 'shooting',
  },
  {
    path: '/adshootingmanage/filtrateDevice',
    component: lazyPage(() => import('./pages/filtrate-device-page')),
    namespace: 'shooting',
  },
  {
    path: '/adshootingmanage/shootingRecord',
    component: lazyPage(() => import('./pages/shooting-record-page')),
    namespace: 'shooting',
  },
];
