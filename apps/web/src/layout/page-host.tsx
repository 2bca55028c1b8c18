import type { Role } from '@robot-ads/contracts/auth/roles';
import { Activity, type ComponentType, lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, Navigate, NavigationType, UNSAFE_LocationContext, useLocation } from 'react-router';
import { findPage } from '../app/registry';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLoading } from '../components/page-loading';
import { menuKeyForPath } from '../lib/menu-texts';
import { pageTitleKey } from '../lib/page-title';
import { useScreenStep } from '../lib/screen-width';
import { sessionStore } from '../lib/session';
import { HOME_PATH, openTab, tabsStore } from '../lib/tabs';
import { setPageTitle } from '../lib/title';
import { useMenuPaths } from './use-menus';

/** /myiframe/… pages (with antd's Result illustrations) load only when one is opened. */
const IframePage = lazy(() => import('./iframe-page').then((m) => ({ default: m.IframePage })));

/**
 * Loads the page's locale namespace (suspends until it is there) and then shows the page. The page renders
 * again when the window crosses a width step, so that its lists show the columns that fit (list-table's
 * `minScreen` reads the window width when the list renders).
 */
function PageWithNamespace({ Component, namespace }: { Component: ComponentType; namespace: string }) {
  useTranslation(namespace);
  useScreenStep();
  return <Component />;
}

interface AlivePage {
  path: string;
  location: Location;
}

/**
 * The main view: the registered page for the path. Pages kept alive stay mounted (hidden with React's
 * <Activity>) while their tab is open, so their state survives switching tabs.
 */
export function PageHost() {
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const tabs = tabsStore.use((s) => s);
  const role = sessionStore.use((s) => s.user?.role);
  const menuPaths = useMenuPaths();
  const path = location.pathname;
  const page = findPage(path);
  // The page's own namespace (its title may live there): loaded without suspense, the title follows when it comes.
  useTranslation(page ? ['common', page.namespace] : ['common'], { useSuspense: false });
  const titleKey = page ? pageTitleKey(page) : '';
  const menuKey = page ? menuKeyForPath(page.path) : undefined;
  // Never the raw key: until the page's namespace is there, its menu label (or the brand alone) stands in.
  const titleText = !page ? '' : i18n.exists(titleKey) ? t(titleKey) : menuKey ? t(menuKey) : '';

  const allowed =
    page &&
    (!page.roles || (role !== undefined && (page.roles as readonly Role[]).includes(role))) &&
    (page.menu === false || path === HOME_PATH || menuPaths === null || menuPaths.has(path));

  useEffect(() => {
    if (!page || !allowed) return;
    setPageTitle(titleText);
    if (!page.notTab) {
      openTab({
        value: path,
        query: location.search,
        label: pageTitleKey(page),
        meta: { keepAlive: page.keepAlive !== false },
      });
    }
  }, [page, allowed, path, location.search, titleText]);

  const alive = useMemo(() => aliveFromTabs(tabs, path, location), [tabs, path, location]);

  if (path === '/' || path === '') return <Navigate to="/wel" replace />;
  if (path === '/wel' || path === '/wel/') return <Navigate to={HOME_PATH} replace />;
  if (path.startsWith('/myiframe/')) {
    return (
      <Suspense fallback={<PageLoading />}>
        <IframePage />
      </Suspense>
    );
  }
  if (!page) return <Navigate to="/404" replace />;
  if (menuPaths === null && page.menu !== false && path !== HOME_PATH) return <PageLoading />;
  if (!allowed) return <Navigate to="/403" replace />;

  const entries = alive.some((a) => a.path === path) ? alive : [...alive, { path, location }];
  return (
    <>
      {entries.map((entry) => {
        const def = findPage(entry.path);
        if (!def) return null;
        const visible = entry.path === path;
        return (
          <Activity key={entry.path} mode={visible ? 'visible' : 'hidden'}>
            <UNSAFE_LocationContext.Provider
              value={{ location: visible ? location : entry.location, navigationType: NavigationType.Pop }}
            >
              <PageFrame path={entry.path} Component={def.component} namespace={def.namespace} />
            </UNSAFE_LocationContext.Provider>
          </Activity>
        );
      })}
    </>
  );
}

function PageFrame({ path, Component, namespace }: { path: string; Component: ComponentType; namespace: string }) {
  return (
    <div className="ra-page" data-page={path}>
      <ErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <PageWithNamespace Component={Component} namespace={namespace} />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}

const lastLocations = new Map<string, Location>();

/** The open tabs whose pages are kept alive, each with the location it was last shown at. */
function aliveFromTabs(
  tabs: readonly { value: string; meta?: { keepAlive?: boolean } }[],
  path: string,
  location: Location,
) {
  lastLocations.set(path, location);
  const open = new Set(tabs.filter((tab) => tab.meta?.keepAlive !== false).map((tab) => tab.value));
  for (const key of lastLocations.keys()) if (!open.has(key) && key !== path) lastLocations.delete(key);
  const result: AlivePage[] = [];
  for (const [key, loc] of lastLocations) {
    if (open.has(key) && findPage(key)?.keepAlive !== false) result.push({ path: key, location: loc });
  }
  return result;
}
