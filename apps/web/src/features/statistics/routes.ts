import { lazyPage, type PageDefinition } from '../../lib/pages';

const board = lazyPage(() => import('./pages/advertiser-board-page'));

export const pages: PageDefinition[] = [
  // The menu catalogue gives each its roles (advertisers; project accounts for the alias).
  { path: '/wel/advertisersBoard', component: board, namespace: 'statistics' },
  { path: '/wel/zhuBoard', component: board, namespace: 'statistics' },
];
