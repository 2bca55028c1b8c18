import { lazyPage, type PageDefinition } from '../../lib/pages';

export const pages: PageDefinition[] = [
  {
    path: '/wel/smartBoard_2',
    component: lazyPage(() => import('./pages/smart-board-page')),
    namespace: 'dashboards',
    // The landing page of every account: opened at login, not only from the menu.
    menu: false,
  },
];
