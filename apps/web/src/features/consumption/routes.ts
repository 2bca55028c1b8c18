import { lazyPage, type PageDefinition } from '../../lib/pages';

export const pages: PageDefinition[] = [
  { path: '/playlistConsume', component: lazyPage(() => import('./pages/consume-page')), namespace: 'delivery' },
];
