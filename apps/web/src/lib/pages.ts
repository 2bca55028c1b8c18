import type { Role } from '@robot-ads/contracts/auth/roles';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Spec section 9: a chunk that has not loaded after 120 s raises a load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Rejects with a ChunkLoadError when the import fails or has not finished after `timeoutMs`. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

/** A lazily loaded page (its own chunk) with the 120 s load time-out. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(() => withChunkTimeout(load));
}

/**
 * One page of the back-office. A feature lists its pages in `features/<domain>/routes.ts`
 * (`export const pages: PageDefinition[]`); `app/registry.ts` collects every such file.
 */
export interface PageDefinition {
  /** The route path, exactly as the spec and the server menus spell it, e.g. '/ad/List'. */
  path: string;
  component: LazyExoticComponent<ComponentType>;
  /** i18n namespace of the page (`locales/{zh,en}/<namespace>.json`), loaded before the page shows. */
  namespace: string;
  /**
   * i18n key of the page title (tab label and document title) in `namespace`. Absent: the menu
   * catalogue's label for the path (packages/contracts/src/menus/menus.catalogue.ts).
   */
  title?: string;
  /** Keep the page's state while another tab is shown (default true). */
  keepAlive?: boolean;
  /** Not shown as a tab (meta "not a tab"). */
  notTab?: boolean;
  /**
   * true (default): reachable only when the user's server menus contain the path. false: a page that
   * is opened from other pages (details) or from the user menu and is not itself a menu item.
   */
  menu?: boolean;
  /** Only these roles may open the page (the server enforces the data; this avoids a useless screen). */
  roles?: readonly Role[];
}
